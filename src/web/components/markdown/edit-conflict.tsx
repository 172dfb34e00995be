// What an editor shows when its save was refused because the post, comment or announcement was
// edited since it was opened (409 CONFLICT): the server's message, and the changes still in the
// form with two ways on. Saving them over a post or comment loses nothing (the version they
// replace stays in the history; an announcement keeps none, which is said); loading the latest
// version puts it in the form instead, to edit that.
// A save refused because the post or comment is gone (404 NOT_FOUND: deleted in another tab, or
// by an admin) says so, and the changes stay in the form to copy: there is nothing to save them to
// (EditedGoneAlert, also said by an announcement's editor).
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form.tsx';
import { isApiError } from '#web/lib/api-client.ts';

interface EditSaveErrorProps {
  /** The save's error, if any. */
  error: unknown;
  /** What is edited, for the sentences saying it is gone or what saving over it replaces. */
  subject: EditedSubject;
  onLoadLatest: () => void;
  onSaveMine: () => void;
  /** A save is on its way. */
  busy: boolean;
}

type EditedSubject = 'post' | 'comment' | 'announcement';

/** Why an editor's save failed: the conflict with its two ways on, what it edits gone, or any other error as an alert. */
export function EditSaveError({ error, subject, ...conflict }: EditSaveErrorProps) {
  if (isEditedGone(error)) return <EditedGoneAlert subject={subject} />;
  if (isApiError(error) && error.code === 'CONFLICT') return <EditConflict message={error.message} subject={subject} {...conflict} />;
  return error instanceof Error ? <FormAlert>{error.message}</FormAlert> : null;
}

/** The save was refused because what it edits is gone: the changes stay in the form, to copy. */
export function EditedGoneAlert({ subject }: { subject: EditedSubject }) {
  return (
    <FormAlert>
      This {subject} no longer exists: it was deleted after you opened it. Your changes are still here: copy them to keep them, as they
      cannot be saved.
    </FormAlert>
  );
}

/** The save was refused because what it edits is gone. */
export const isEditedGone = (error: unknown): boolean => isApiError(error) && error.code === 'NOT_FOUND';

function EditConflict({ message, subject, onLoadLatest, onSaveMine, busy }: Omit<EditSaveErrorProps, 'error'> & { message: string }) {
  const replaced =
    subject === 'announcement'
      ? 'announcements keep no history: the latest version is then lost'
      : 'the version it replaces stays in the history';
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-danger-200 bg-danger-50 px-3 py-2.5 text-sm text-danger-700">
      <p>
        {message} Your changes are kept: load the latest version instead, or save yours over it ({replaced}).
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onLoadLatest} disabled={busy}>
          Load the latest version
        </Button>
        <Button variant="secondary" size="sm" onClick={onSaveMine} isLoading={busy}>
          Save mine over it
        </Button>
      </div>
    </div>
  );
}
