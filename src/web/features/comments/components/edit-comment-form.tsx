// Editing a comment in place: its Markdown in the editor ("Comment"), "Save" and "Cancel".
import { MarkdownField } from '#web/components/markdown/markdown-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Form, FormAlert } from '#web/components/ui/form.tsx';
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
  return (
    <Form
      schema={commentFormSchema}
      aria-label="Edit comment"
      className="mt-2 space-y-3"
      options={{ defaultValues: { comment } }}
      onSubmit={(values) =>
        update.mutateAsync(values.comment, {
          onSuccess: ({ modifiedCount }) => {
            toast.success(modifiedCount > 0 ? 'Comment updated' : 'Nothing changed');
            onDone();
          },
        })
      }
    >
      {({ control }) => (
        <>
          <MarkdownField label="Comment" rows={4} control={control} name="comment" autoFocus />
          {update.error && <FormAlert>{update.error.message}</FormAlert>}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={onDone} disabled={update.isPending}>
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
