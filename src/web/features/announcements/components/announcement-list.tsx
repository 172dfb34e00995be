// The home announcements column (SPEC.md §2): title and description of each, with the
// loading and error texts of the specification. id="announcements" is where the bell
// (/#announcements) lands.
import { useId } from 'react';
import { MarkdownContent } from '#web/components/markdown/markdown-content.tsx';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { MegaphoneIcon } from '#web/components/ui/icons.tsx';
import { RelativeTime } from '#web/components/ui/relative-time.tsx';
import { cn } from '#web/utils/cn.ts';
import { useAnnouncements } from '../api/get-announcements.ts';

export function AnnouncementList({ className }: { className?: string }) {
  const headingId = useId();
  const announcements = useAnnouncements();

  return (
    <section
      id="announcements"
      aria-labelledby={headingId}
      className={cn('rounded-card border border-line bg-surface p-4 shadow-card', className)}
    >
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold tracking-tight">
        <MegaphoneIcon className="size-5 text-brand-600" />
        Announcements
      </h2>
      {announcements.isPending ? (
        <p role="status" className="mt-4 text-sm text-muted">
          Loading Announcement...
        </p>
      ) : announcements.isError ? (
        <p role="alert" className="mt-4 text-sm text-danger-700">
          Failed to load Announcement: {announcements.error.message}
        </p>
      ) : announcements.data.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No announcements yet.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {announcements.data.map((item) => (
            <li key={item._id}>
              <article className="rounded-xl bg-brand-50/60 p-3">
                <h3 dir="auto" className="text-sm font-semibold text-ink text-pretty">
                  {item.title}
                </h3>
                <MarkdownContent html={item.descriptionHtml} className="mt-1 text-sm text-ink/80" />
                <p className="mt-2 flex items-center gap-2 text-xs text-muted">
                  <Avatar src={item.photo} alt="" className="size-5 ring-1 ring-line" />
                  <span className="truncate">{item.name}</span>
                  <span aria-hidden="true">·</span>
                  <RelativeTime value={item.time} className="shrink-0" />
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
