// Admin Profile: every tag with "Rename" (a dialog with the tag's new name) and "Delete" (a
// dialog asking which tag takes its posts; the server refuses with 409 when posts use the tag
// and none is chosen, and that refusal is shown).
import { useState } from 'react';
import { renameTagInputSchema, type Tag } from '#shared/schemas/tag.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { controlClasses } from '#web/components/ui/field.tsx';
import { Form, FormAlert, Input } from '#web/components/ui/form.tsx';
import { useFocusAfterRowGoes } from '#web/components/ui/use-focus-after-row-goes.ts';
import { toast } from '#web/lib/toast.tsx';
import { cn } from '#web/utils/cn.ts';
import { useTags } from '../api/get-tags.ts';
import { useDeleteTag, useRenameTag } from '../api/manage-tags.ts';

export function ManageTags() {
  const { data: tags, isPending, isError } = useTags();
  const [renaming, setRenaming] = useState<Tag | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  // A deleted tag's row held the focus (its dialog gives it back there): the next tag's takes it.
  const { list, fallback, onFocus } = useFocusAfterRowGoes<HTMLUListElement, HTMLHeadingElement>(tags?.map((tag) => tag._id) ?? []);
  return (
    <section aria-labelledby="manage-tags-heading" className="card p-5">
      <h2 ref={fallback} id="manage-tags-heading" tabIndex={-1} className="text-lg font-semibold tracking-tight">
        Manage Tags
      </h2>
      <p className="mt-1 text-sm text-muted">Posts keep their tag when it is renamed; deleting one moves its posts to another tag.</p>
      {isPending && <p className="mt-4 text-sm text-muted">Loading tags…</p>}
      {isError && <FormAlert className="mt-4">Could not load the tags.</FormAlert>}
      {tags && tags.length === 0 && <p className="mt-4 text-sm text-muted">No tags yet.</p>}
      {tags && tags.length > 0 && (
        <ul ref={list} onFocus={onFocus} className="mt-4 divide-y divide-line" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag._id} data-row-key={tag._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 font-mono text-sm break-all text-ink">{tag.tag}</span>
              <span className="flex shrink-0 gap-2">
                <Button size="sm" variant="secondary" aria-label={`Rename ${tag.tag}`} onClick={() => setRenaming(tag)}>
                  Rename
                </Button>
                <Button size="sm" variant="danger" aria-label={`Delete ${tag.tag}`} onClick={() => setDeleting(tag)}>
                  Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {renaming && <RenameTagDialog tag={renaming} onClose={() => setRenaming(null)} />}
      {deleting && (
        <DeleteTagDialog tag={deleting} others={(tags ?? []).filter((t) => t._id !== deleting._id)} onClose={() => setDeleting(null)} />
      )}
    </section>
  );
}

function RenameTagDialog({ tag, onClose }: { tag: Tag; onClose: () => void }) {
  const renameTag = useRenameTag();
  const formId = `rename-tag-${tag._id}`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Rename "${tag.tag}"`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={renameTag.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={renameTag.isPending}>
            Rename
          </Button>
        </>
      }
    >
      <Form
        id={formId}
        schema={renameTagInputSchema}
        options={{ defaultValues: { tag: tag.tag } }}
        onSubmit={(values) =>
          renameTag.mutateAsync(
            { id: tag._id, tag: values.tag },
            {
              // The name it already has (in any case) changes nothing: the server answers 0.
              onSuccess: ({ modifiedCount }) => {
                toast.success(modifiedCount > 0 ? `Tag renamed to "${values.tag}"` : 'Nothing changed');
                onClose();
              },
            },
          )
        }
      >
        {({ register, formState: { errors } }) => (
          <>
            <Input label="New name" autoComplete="off" data-autofocus registration={register('tag')} error={errors.tag} />
            {renameTag.error && <FormAlert>{renameTag.error.message}</FormAlert>}
          </>
        )}
      </Form>
    </Dialog>
  );
}

function DeleteTagDialog({ tag, others, onClose }: { tag: Tag; others: Tag[]; onClose: () => void }) {
  const deleteTag = useDeleteTag();
  const [moveTo, setMoveTo] = useState('');
  return (
    <Dialog
      open
      alert
      onClose={onClose}
      title={`Delete "${tag.tag}"?`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={deleteTag.isPending} data-autofocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            isLoading={deleteTag.isPending}
            onClick={() =>
              deleteTag.mutate(
                { id: tag._id, moveTo: moveTo || undefined },
                {
                  onSuccess: () => {
                    toast.success(`Tag "${tag.tag}" deleted`);
                    onClose();
                  },
                },
              )
            }
          >
            Delete
          </Button>
        </>
      }
    >
      <p>Posts with this tag move to the tag you choose. A tag no post uses needs none.</p>
      <label className="mt-3 block text-sm font-medium text-ink" htmlFor={`move-to-${tag._id}`}>
        Move its posts to
      </label>
      <select
        id={`move-to-${tag._id}`}
        value={moveTo}
        onChange={(event) => setMoveTo(event.target.value)}
        className={cn(controlClasses, 'mt-1 h-10 bg-surface px-3')}
      >
        <option value="">None (no posts use it)</option>
        {others.map((other) => (
          <option key={other._id} value={other._id}>
            {other.tag}
          </option>
        ))}
      </select>
      {deleteTag.error && <FormAlert className="mt-3">{deleteTag.error.message}</FormAlert>}
    </Dialog>
  );
}
