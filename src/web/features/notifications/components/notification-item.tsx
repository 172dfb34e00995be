// One notification: who, what, when, and a link to the post or the comment (announcements lead
// to the home page's list, a membership to the membership page). Opening it marks it read.
import { Link } from 'react-router';
import { notificationSummary } from '#shared/notification-text.ts';
import type { Notification } from '#shared/schemas/notification.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { RelativeTime } from '#web/components/ui/relative-time.tsx';
import { paths } from '#web/config/paths.ts';
import { cn } from '#web/utils/cn.ts';

function hrefOf(n: Notification) {
  if (n.postId) return paths.postDetails.getHref(n.postId, n.commentId ?? undefined);
  if (n.type === 'membership') return paths.membership.getHref();
  return `${paths.home.getHref()}#announcements`;
}

export function NotificationItem({ notification: n, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  return (
    <Link
      to={hrefOf(n)}
      onClick={() => onOpen(n)}
      className={cn(
        'flex gap-3 rounded-card border px-4 py-3 transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
        // Hovered, an unread one keeps its tint (a shade deeper), so it never looks read.
        n.read ? 'border-line bg-surface hover:bg-ink/5' : 'border-brand-200 bg-brand-50 hover:bg-brand-100',
      )}
    >
      <Avatar src={n.actor.photo} alt="" className="size-10 shrink-0 ring-1 ring-line" />
      <span className="min-w-0 flex-1 space-y-1">
        <span className="block font-medium break-words text-ink">
          {notificationSummary({ type: n.type, actorName: n.actor.name, title: n.title })}
        </span>
        {n.text && <span className="block text-sm break-words text-muted">{n.text}</span>}
        {/* Unread is said on the last line, beside the time: the title keeps the whole width. */}
        <span className="flex flex-wrap items-center gap-x-3 text-xs">
          <RelativeTime value={n.createdAt} className="text-muted" />
          {!n.read && (
            <span className="inline-flex items-center gap-1 font-semibold text-brand-700">
              <span aria-hidden="true" className="size-2 rounded-full bg-brand-600" />
              Unread
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}
