// "Edit post": the title and the Markdown description, validated by the server's own rules;
// saving keeps the version before in the post's history.
import { useId } from 'react';
import type { PostDetail } from '#shared/schemas/post.ts';
import { MarkdownField } from '#web/components/markdown/markdown-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Form, FormAlert, Input } from '#web/components/ui/form.tsx';
import { toast } from '#web/lib/toast.tsx';
import { editPostFormSchema, useUpdatePost } from '../api/update-post.ts';

interface EditPostDialogProps {
  post: Pick<PostDetail, '_id' | 'title' | 'description'>;
  open: boolean;
  onClose: () => void;
}

export function EditPostDialog({ post, open, onClose }: EditPostDialogProps) {
  const formId = useId();
  const update = useUpdatePost(post._id);
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Edit post"
      className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={update.isPending}>
            Save
          </Button>
        </>
      }
    >
      {open && (
        <Form
          id={formId}
          schema={editPostFormSchema}
          aria-label="Edit post"
          className="text-left"
          options={{ defaultValues: { title: post.title, description: post.description } }}
          onSubmit={(values) =>
            update.mutate(values, {
              onSuccess: ({ modifiedCount }) => {
                toast.success(modifiedCount > 0 ? 'Post updated' : 'Nothing changed');
                close();
              },
            })
          }
        >
          {({ register, control, formState: { errors } }) => (
            <>
              <Input label="Title" autoComplete="off" registration={register('title')} error={errors.title} data-autofocus />
              <MarkdownField label="Description" rows={12} control={control} name="description" error={errors.description} />
              {update.error && <FormAlert>{update.error.message}</FormAlert>}
            </>
          )}
        </Form>
      )}
    </Dialog>
  );
}
