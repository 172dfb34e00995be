// /notifications (signed in): the member's inbox, paged (?page=&limit=).
import { usePaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { useUnreadCount } from '#web/features/notifications/api/get-notifications.ts';
import { NotificationList } from '#web/features/notifications/components/notification-list.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths } from '#web/config/paths.ts';

export function NotificationsPage() {
  const { page, size, setPage, setSize } = usePaginationParams();
  const unread = useUnreadCount(true);
  useDocumentTitle(paths.notifications.title);

  return (
    <div className="mx-auto max-w-3xl px-3 py-6 sm:px-4 lg:py-8">
      <NotificationList page={page} size={size} onPageChange={setPage} onSizeChange={setSize} unread={unread.data} />
    </div>
  );
}
