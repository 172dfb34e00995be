// Editing a comment in place: its Markdown in the editor ("Comment"), "Save" and "Cancel".
// Unsaved changes outlast the page (a lapsed session sending the member to sign in, a reload):
// kept per member and comment, given back when the comment is edited again, until Save or Cancel.
// Escape leaves the editor too, but as the post's editor does, keeps the changes: a slip of the
// hand must not cost an edit.
// The save names the version the editor was opened on; one edited since is not silently
// overwritten (EditSaveError), as a post's edit is not. A comment deleted meanwhile (another tab,
// an admin's ban) keeps the editor and the text in it (post-comments.tsx), and its refused save
// says it is gone; Escape then no longer leaves, as the draft could not be found again.
import { useMemo } from 'react';
import type { UpdateCommentInput } from '#shared/schemas/comment.ts';
import { EditSaveError } from '#web/components/markdown/edit-conflict.tsx';
import { escapeLeavesEditor } from '#web/components/markdown/escape-leaves-editor.ts';
import { MarkdownField } from '#web/components/markdown/markdown-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Form } from '#web/components/ui/form.tsx';
import { clearDraft, KeepDraft, readDraft, useDraftKey } from '#web/lib/session-draft.ts';
import { toast } from '#web/lib/toast.tsx';
import { updateCommentInputSchema } from '#shared/schemas/comment.ts';
import { useUpdateComment } from '../api/update-comment.ts';

interface EditCommentFormProps {
  postId: string;
  commentId: string;
  comment: string;
  /** The comment's editedAt: the version the editor opens on. */
  editedAt: string | null;
  onDone: () => void;
}

export function EditCommentForm({ postId, commentId, comment, editedAt, onDone }: EditCommentFormProps) {
  const update = useUpdateComment(postId, commentId);
  const draftKey = useDraftKey('edit-comment', commentId);
  const saved = useMemo(() => ({ comment, baseEditedAt: editedAt }), [comment, editedAt]);
  const leave = () => {
    if (draftKey !== null) clearDraft(draftKey);
    onDone();
  };
  const save = (values: UpdateCommentInput) =>
    update.mutateAsync(values, {
      onSuccess: ({ modifiedCount }) => {
        toast.success(modifiedCount > 0 ? 'Comment updated' : 'Nothing changed');
        leave();
      },
    });
  return (
    <Form
      schema={updateCommentInputSchema}
      aria-label="Edit comment"
      className="mt-2 space-y-3"
      options={{ defaultValues: (draftKey === null ? null : readDraft<UpdateCommentInput>(draftKey)) ?? saved }}
      onSubmit={(values) => save(values)}
      onKeyDown={escapeLeavesEditor(update, onDone)}
    >
      {({ control, reset, setFocus, handleSubmit }) => (
        <>
          {draftKey !== null && <KeepDraft control={control} draftKey={draftKey} unchanged={saved} />}
          <MarkdownField label="Comment" kind="comment" rows={4} control={control} name="comment" autoFocus />
          <EditSaveError
            error={update.error}
            subject="comment"
            busy={update.isPending}
            // The comments were fetched again before the refusal showed: `saved` is the latest version.
            // The button goes with the alert: the focus goes on from the text (before the reset, which
            // lets go of the fields' elements until they render again).
            onLoadLatest={() => {
              setFocus('comment');
              reset(saved);
              update.reset();
            }}
            onSaveMine={() => void handleSubmit((values) => save({ ...values, baseEditedAt: saved.baseEditedAt }))()}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={leave} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" size="sm" isLoading={update.isPending}>
              Save
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
