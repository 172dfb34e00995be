// /notifications: the member's notifications, newest first and paged, unread ones marked;
// opening one marks it read, and "Mark all as read" marks the rest.
import { useId, useRef } from 'react';
import type { Notification } from '#shared/schemas/notification.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import type { PageSize } from '#web/components/ui/pagination-model.ts';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.tsx';
import { useNotifications } from '../api/get-notifications.ts';
import { useReadAllNotifications, useReadNotification } from '../api/read-notifications.ts';
import { NotificationItem } from './notification-item.tsx';

interface NotificationListProps {
  page: number;
  size: PageSize;
  onPageChange: (page: number) => void;
  onSizeChange: (size: PageSize) => void;
  /** The Inbox count, to know whether anything is left to mark. */
  unread: number | undefined;
}

export function NotificationList({ page, size, onPageChange, onSizeChange, unread }: NotificationListProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const notifications = useNotifications({ page, limit: size });
  const readOne = useReadNotification();
  const readAll = useReadAllNotifications();
  const items = notifications.data?.items ?? [];
  const total = notifications.data?.total ?? 0;
  const anyUnread = (unread ?? 0) > 0 || items.some((n) => !n.read);

  const open = (n: Notification) => {
    if (!n.read) readOne.mutate(n._id);
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* Focusable from code: "Mark all as read" turns disabled once done, and the focus moves here. */}
        <h1 ref={heading} id={headingId} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
          Notifications
        </h1>
        <Button
          variant="secondary"
          size="sm"
          disabled={!anyUnread}
          isLoading={readAll.isPending}
          onClick={(event) => {
            const button = event.currentTarget;
            readAll.mutate(undefined, {
              onSuccess: () => {
                // Nothing is left to mark, so the button turns disabled and Chromium drops the focus
                // on the page: the reader goes on from the heading instead of the top of the page.
                if (document.activeElement === button || document.activeElement === document.body) heading.current?.focus();
              },
              onError: (error) => toast.error(error.message),
            });
          }}
        >
          Mark all as read
        </Button>
      </div>
      {notifications.isPending ? (
        <PageLoader label="Loading notifications…" />
      ) : notifications.isError ? (
        <p role="alert" className="card px-5 py-6 text-danger-700">
          Could not load notifications: {notifications.error.message}
        </p>
      ) : items.length === 0 && total > 0 ? (
        // A page past the last (an old link, or the last item read away elsewhere).
        <div className="card px-5 py-10 text-center">
          <p className="font-medium text-ink">No notifications on this page.</p>
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => onPageChange(0)}>
            Back to the first page
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="card px-5 py-10 text-center text-muted">
          No notifications yet. When someone comments on your posts or replies after you, you will see it here.
        </p>
      ) : (
        <ul aria-busy={notifications.isPlaceholderData || undefined} className="space-y-2 transition-opacity aria-busy:opacity-60">
          {items.map((n) => (
            <li key={n._id}>
              <NotificationItem notification={n} onOpen={open} />
            </li>
          ))}
        </ul>
      )}
      {notifications.isSuccess && total > 0 && (
        <Pagination
          label="Notification pages"
          page={page}
          size={size}
          total={total}
          onPageChange={onPageChange}
          onSizeChange={onSizeChange}
        />
      )}
    </section>
  );
}
