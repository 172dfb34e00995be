// "edited" beside the time of a post, comment or announcement that was changed. A post's or
// comment's opens the "History"; an announcement keeps none, so its marker only tells when.
import { formatDateTime } from '#web/components/ui/relative-time.tsx';
import { useIsHydrating } from '#web/lib/first-view.tsx';

export function EditedMarker({ editedAt, onOpen }: { editedAt: string; onOpen?: () => void }) {
  // As RelativeTime's: the date is in the viewer's time zone, unknown to the server that
  // rendered the first view (home's announcements), so it comes once hydrated.
  const hydrating = useIsHydrating();
  return (
    <>
      <span aria-hidden="true">·</span>
      {onOpen ? (
        <button
          type="button"
          aria-haspopup="dialog"
          title={`Edited ${formatDateTime(editedAt)}. Show the history`}
          onClick={onOpen}
          className="rounded-sm text-muted underline decoration-dotted underline-offset-2 hover:text-ink"
        >
          edited
        </button>
      ) : (
        <time dateTime={editedAt} title={hydrating ? undefined : `Edited ${formatDateTime(editedAt)}`} className="shrink-0">
          edited
        </time>
      )}
    </>
  );
}
