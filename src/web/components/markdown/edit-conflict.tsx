// What an editor shows when its save was refused because the post or comment was edited since it
// was opened (409 CONFLICT): the server's message, and the member's changes still in the form
// with two ways on. Saving them over it loses nothing (the version they replace stays in the
// history); loading the latest version puts it in the form instead, to edit that.
// A save refused because the post or comment is gone (404 NOT_FOUND: deleted in another tab, or
// by an admin) says so, and the changes stay in the form to copy: there is nothing to save them to
// (EditedGoneAlert, also said by an announcement's editor).
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form.tsx';
import { isApiError } from '#web/lib/api-client.ts';

interface EditSaveErrorProps {
  /** The save's error, if any. */
  error: unknown;
  /** What is edited, for the sentence saying it is gone. */
  subject: 'post' | 'comment';
  onLoadLatest: () => void;
  onSaveMine: () => void;
  /** A save is on its way. */
  busy: boolean;
}

/** Why an editor's save failed: the conflict with its two ways on, the post or comment gone, or any other error as an alert. */
export function EditSaveError({ error, subject, ...conflict }: EditSaveErrorProps) {
  if (isEditedGone(error)) return <EditedGoneAlert subject={subject} />;
  if (isApiError(error) && error.code === 'CONFLICT') return <EditConflict message={error.message} {...conflict} />;
  return error instanceof Error ? <FormAlert>{error.message}</FormAlert> : null;
}

/** The save was refused because what it edits is gone: the changes stay in the form, to copy. */
export function EditedGoneAlert({ subject }: { subject: 'post' | 'comment' | 'announcement' }) {
  return (
    <FormAlert>
      This {subject} no longer exists: it was deleted after you opened it. Your changes are still here: copy them to keep them, as they
      cannot be saved.
    </FormAlert>
  );
}

/** The save was refused because what it edits is gone. */
export const isEditedGone = (error: unknown): boolean => isApiError(error) && error.code === 'NOT_FOUND';

function EditConflict({ message, onLoadLatest, onSaveMine, busy }: Omit<EditSaveErrorProps, 'error' | 'subject'> & { message: string }) {
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-danger-200 bg-danger-50 px-3 py-2.5 text-sm text-danger-700">
      <p>
        {message} Your changes are kept: load the latest version instead, or save yours over it (the version it replaces stays in the
        history).
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
