// The home announcements column (SPEC.md §2): title and description of each, with the
// loading and error texts of the specification; one changed since it was published says
// "edited" beside its time. id="announcements" is where the bell
// (/#announcements) lands. The bell counts every announcement: past the newest ones, the
// older ones follow a page at a time.
import { useEffect, useId, useRef, useState } from 'react';
import { EditedMarker } from '#web/components/markdown/edited-marker.tsx';
import { MarkdownContent } from '#web/components/markdown/markdown-content.tsx';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { MegaphoneIcon } from '#web/components/ui/icons.tsx';
import { RelativeTime } from '#web/components/ui/relative-time.tsx';
import { cn } from '#web/utils/cn.ts';
import { useHomeAnnouncements } from '../api/get-announcements.ts';

const numberFormat = new Intl.NumberFormat();

export function AnnouncementList({ className }: { className?: string }) {
  const headingId = useId();
  const [pages, setPages] = useState(1);
  const { first, items, total, loadingOlder, olderError, retryOlder } = useHomeAnnouncements(pages);
  // The first of the older ones takes the focus once they come (the button may go with them).
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    if (focusFrom.current === null || items.length <= focusFrom.current) return;
    list.current?.querySelectorAll<HTMLElement>('article h3')[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [items.length]);

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
      {first.isPending ? (
        <p role="status" className="mt-4 text-sm text-muted">
          Loading Announcement...
        </p>
      ) : first.isError ? (
        <p role="alert" className="mt-4 text-sm text-danger-700">
          Failed to load Announcement: {first.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No announcements yet.</p>
      ) : (
        <>
          <ul ref={list} className="mt-3 space-y-3">
            {items.map((item) => (
              <li key={item._id}>
                <article aria-labelledby={`${headingId}-${item._id}`} className="rounded-xl bg-brand-50/60 p-3">
                  <h3
                    id={`${headingId}-${item._id}`}
                    tabIndex={-1}
                    dir="auto"
                    className="text-[0.9375rem]/5 font-semibold text-ink text-pretty outline-none"
                  >
                    {item.title}
                  </h3>
                  <MarkdownContent html={item.descriptionHtml} kind="announcement" className="mt-1 text-sm text-ink/80" />
                  <p className="mt-2 flex items-center gap-2 text-xs text-muted">
                    <Avatar src={item.photo} alt="" className="size-5 ring-1 ring-line" />
                    <span className="truncate">{item.name}</span>
                    <span aria-hidden="true">·</span>
                    <RelativeTime value={item.time} className="shrink-0" />
                    {item.editedAt && <EditedMarker editedAt={item.editedAt} />}
                  </p>
                </article>
              </li>
            ))}
          </ul>
          {olderError ? (
            <p role="alert" className="mt-3 text-sm text-danger-700">
              Could not load the older announcements: {olderError.message}{' '}
              <Button variant="link" className="text-sm" onClick={retryOlder}>
                Try again
              </Button>
            </p>
          ) : (
            items.length < total && (
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                <p className="text-xs text-muted">
                  {numberFormat.format(items.length)} of {numberFormat.format(total)} shown
                </p>
                <Button
                  size="sm"
                  variant="secondary"
                  isLoading={loadingOlder}
                  onClick={() => {
                    focusFrom.current = items.length;
                    setPages((n) => n + 1);
                  }}
                >
                  Show older announcements
                </Button>
              </div>
            )
          )}
        </>
      )}
    </section>
  );
}
