// "Edit post": the title, the tag and the Markdown description, validated by the server's own
// rules; saving keeps the version before in the post's history. The save names the version the
// form was loaded from, so one edited since (another tab, an admin) is not silently overwritten:
// the member is told, keeps their changes, and chooses (EditSaveError). One deleted meanwhile
// (another tab, an admin, a ban) stays on its page while the dialog is open (post-details.tsx);
// its refused save says it is gone, and Escape or a click beside the dialog then no longer close
// it, as the changes could not be found again: only Cancel leaves them.
import { useId, useMemo, useRef, useState } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import type { PostDetail } from '#shared/schemas/post.ts';
import { EditSaveError, isEditedGone } from '#web/components/markdown/edit-conflict.tsx';
import { MarkdownField } from '#web/components/markdown/markdown-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Select } from '#web/components/ui/form-controls.tsx';
import { Form, Input } from '#web/components/ui/form.tsx';
import { clearDraft, KeepDraft, readDraft, useDraftKey } from '#web/lib/session-draft.ts';
import { toast } from '#web/lib/toast.tsx';
import { isUnknownTagError } from '../api/unknown-tag.ts';
import { type EditPostForm, editPostFormSchema, useUpdatePost } from '../api/update-post.ts';
import type { TagChoices } from './add-post-form.tsx';

interface EditPostDialogProps {
  post: Pick<PostDetail, '_id' | 'title' | 'description' | 'category' | 'editedAt'>;
  /** The tags to move the post to (its own among them). */
  tagChoices: TagChoices;
  open: boolean;
  onClose: () => void;
}

export function EditPostDialog({ post, tagChoices, open, onClose }: EditPostDialogProps) {
  const formId = useId();
  const update = useUpdatePost(post._id);
  const tags = (tagChoices.tags ?? []).map(({ tag }) => tag);
  // The post's own tag is a choice even before the list has come.
  const tagOptions = (tags.includes(post.category) ? tags : [post.category, ...tags]).map((tag) => ({ value: tag, label: tag }));
  // Escape or a click beside the dialog keeps the changes (opening it again brings them back);
  // only Cancel or a save lets them go. A slip of the hand must not cost a long edit.
  const [draft, setDraft] = useState<EditPostForm | null>(null);
  const readTyped = useRef<() => EditPostForm | null>(() => null);
  // The changes also outlast the page (a lapsed session sending the member to sign in, a
  // reload): kept per member and post until saved or cancelled.
  const draftKey = useDraftKey('edit-post', post._id);
  const { title, description, category, editedAt } = post;
  const saved = useMemo(() => ({ title, description, category, baseEditedAt: editedAt }), [title, description, category, editedAt]);
  const close = () => {
    update.reset();
    onClose();
  };
  const keepAndClose = () => {
    if (isEditedGone(update.error)) return;
    if (!update.isPending) setDraft(readTyped.current());
    close();
  };
  const discardAndClose = () => {
    setDraft(null);
    if (draftKey !== null) clearDraft(draftKey);
    close();
  };
  const save = (values: EditPostForm, setValue: UseFormSetValue<EditPostForm>) =>
    update.mutateAsync(values, {
      onSuccess: ({ modifiedCount }) => {
        toast.success(modifiedCount > 0 ? 'Post updated' : 'Nothing changed');
        discardAndClose();
      },
      onError: (error) => {
        // The tag is gone from the list as it is read again: the member picks another.
        if (isUnknownTagError(error)) setValue('category', '');
      },
    });
  return (
    <Dialog
      open={open}
      onClose={keepAndClose}
      title="Edit post"
      className="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={discardAndClose} disabled={update.isPending}>
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
          options={{ defaultValues: draft ?? (draftKey === null ? null : readDraft<EditPostForm>(draftKey)) ?? saved }}
          onSubmit={(values, form) => save(values, form.setValue)}
        >
          {({ register, control, getValues, reset, setFocus, setValue, handleSubmit, formState: { errors } }) => {
            readTyped.current = () => getValues();
            return (
              <>
                {draftKey !== null && <KeepDraft control={control} draftKey={draftKey} unchanged={saved} />}
                <Input label="Title" autoComplete="off" registration={register('title')} error={errors.title} data-autofocus />
                <Select
                  label="Tag"
                  // Shown once a refused tag is emptied (isUnknownTagError), as on Add Post.
                  placeholder="Pick a Tag"
                  options={tagOptions}
                  registration={register('category')}
                  error={errors.category}
                  hint={tagChoices.error ? `Could not load the tags: ${tagChoices.error.message}` : undefined}
                />
                <MarkdownField label="Description" rows={12} control={control} name="description" error={errors.description} />
                <EditSaveError
                  error={update.error}
                  subject="post"
                  busy={update.isPending}
                  // The post was fetched again before the refusal showed: `saved` is its latest version.
                  // The button goes with the alert: the focus goes on from the first field (before the reset,
                  // which lets go of the fields' elements until they render again).
                  onLoadLatest={() => {
                    setFocus('title');
                    reset(saved);
                    update.reset();
                  }}
                  onSaveMine={() => void handleSubmit((values) => save({ ...values, baseEditedAt: saved.baseEditedAt }, setValue))()}
                />
              </>
            );
          }}
        </Form>
      )}
    </Dialog>
  );
}
