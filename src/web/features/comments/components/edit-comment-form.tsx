// Editing a comment in place: its Markdown in the editor ("Comment"), "Save" and "Cancel".
// Unsaved changes outlast the page (a lapsed session sending the member to sign in, a reload):
// kept per member and comment, given back when the comment is edited again, until Save or Cancel.
import { useMemo } from 'react';
import { MarkdownField } from '#web/components/markdown/markdown-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Form, FormAlert } from '#web/components/ui/form.tsx';
import { clearDraft, KeepDraft, readDraft, useDraftKey } from '#web/lib/session-draft.ts';
import { toast } from '#web/lib/toast.tsx';
import { commentFormSchema } from '../api/create-comment.ts';
import { useUpdateComment } from '../api/update-comment.ts';

interface EditCommentFormProps {
  postId: string;
  commentId: string;
  comment: string;
  onDone: () => void;
}

export function EditCommentForm({ postId, commentId, comment, onDone }: EditCommentFormProps) {
  const update = useUpdateComment(postId, commentId);
  const draftKey = useDraftKey('edit-comment', commentId);
  const saved = useMemo(() => ({ comment }), [comment]);
  const leave = () => {
    if (draftKey !== null) clearDraft(draftKey);
    onDone();
  };
  return (
    <Form
      schema={commentFormSchema}
      aria-label="Edit comment"
      className="mt-2 space-y-3"
      options={{ defaultValues: (draftKey === null ? null : readDraft<{ comment: string }>(draftKey)) ?? saved }}
      onSubmit={(values) =>
        update.mutateAsync(values.comment, {
          onSuccess: ({ modifiedCount }) => {
            toast.success(modifiedCount > 0 ? 'Comment updated' : 'Nothing changed');
            leave();
          },
        })
      }
    >
      {({ control }) => (
        <>
          {draftKey !== null && <KeepDraft control={control} draftKey={draftKey} unchanged={saved} />}
          <MarkdownField label="Comment" rows={4} control={control} name="comment" autoFocus />
          {update.error && <FormAlert>{update.error.message}</FormAlert>}
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
