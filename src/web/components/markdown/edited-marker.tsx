// "edited" beside the time of a post or comment that was changed; it opens the "History".
import { formatDateTime } from '#web/components/ui/relative-time.tsx';

export function EditedMarker({ editedAt, onOpen }: { editedAt: string; onOpen: () => void }) {
  return (
    <>
      <span aria-hidden="true">·</span>
      <button
        type="button"
        aria-haspopup="dialog"
        title={`Edited ${formatDateTime(editedAt)}. Show the history`}
        onClick={onOpen}
        className="rounded-sm text-muted underline decoration-dotted underline-offset-2 hover:text-ink"
      >
        edited
      </button>
    </>
  );
}
