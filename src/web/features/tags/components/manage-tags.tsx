// Admin Profile: every tag with "Rename" (a dialog with the tag's new name) and "Delete" (a
// dialog saying how many posts use the tag and, when any do, asking which tag takes them; the
// server still refuses with 409 when posts use the tag and none is chosen, and that refusal is
// shown). A tag another admin removed meanwhile is said to be gone, and the list is read again.
import { useEffect, useRef, useState } from 'react';
import { renameTagInputSchema, type Tag } from '#shared/schemas/tag.ts';
import { postsUsingTag } from '#shared/tag-usage.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { controlClasses } from '#web/components/ui/field.tsx';
import { Form, FormAlert, Input } from '#web/components/ui/form.tsx';
import { useFocusAfterRowGoes } from '#web/components/ui/use-focus-after-row-goes.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.tsx';
import { cn } from '#web/utils/cn.ts';
import { useTags } from '../api/get-tags.ts';
import { useTagUsage } from '../api/get-tag-usage.ts';
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
  const usage = useTagUsage(tag._id);
  const deleteTag = useDeleteTag();
  const [moveTo, setMoveTo] = useState('');
  const select = useRef<HTMLSelectElement>(null);
  const refused = useRef(false);

  // Removed by another admin since the tags were read (found so as the dialog counted its posts,
  // or by Delete): nothing is left to delete, and the list behind is read again.
  const gone = usage.gone || (isApiError(deleteTag.error) && deleteTag.error.code === 'NOT_FOUND');
  const postCount = gone ? undefined : usage.data?.postCount;
  // Unknown (the count failed): the tag may be chosen or not, and the server decides.
  const asksForTag = gone ? false : postCount === undefined ? usage.isError : postCount > 0 && others.length > 0;
  const needsTag = postCount !== undefined && postCount > 0;
  // A refusal showed posts use the tag, and Delete, which had the focus, waits for a tag now:
  // the focus goes to that choice rather than to the page.
  useEffect(() => {
    if (!refused.current || !asksForTag) return;
    refused.current = false;
    select.current?.focus();
  }, [asksForTag]);
  // Delete, which had the focus, is disabled once the tag is found gone: the focus goes to Cancel.
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (gone && (document.activeElement === document.body || document.activeElement?.matches(':disabled'))) cancel.current?.focus();
  }, [gone]);
  const selectId = `move-to-${tag._id}`;
  return (
    <Dialog
      open
      alert
      onClose={onClose}
      title={`Delete "${tag.tag}"?`}
      footer={
        <>
          <Button ref={cancel} variant="secondary" onClick={onClose} disabled={deleteTag.isPending} data-autofocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            isLoading={deleteTag.isPending}
            disabled={gone || usage.isPending || (needsTag && moveTo === '')}
            onClick={() =>
              deleteTag.mutate(
                { id: tag._id, moveTo: asksForTag && moveTo ? moveTo : undefined },
                {
                  onSuccess: () => {
                    toast.success(`Tag "${tag.tag}" deleted`);
                    onClose();
                  },
                  // Refused because posts took the tag since it was counted: count again, so
                  // the dialog asks for the tag they move to.
                  onError: (error) => {
                    if (!isApiError(error) || error.code !== 'CONFLICT') return;
                    refused.current = true;
                    void usage.refetch();
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
      <p aria-live="polite">
        {gone
          ? 'This tag no longer exists: another admin deleted it.'
          : usage.isPending
            ? 'Counting its posts…'
            : usage.isError
              ? 'Could not count its posts. If any use this tag, choose the tag they move to.'
              : usageSentence(usage.data.postCount, others.length > 0)}
      </p>
      {asksForTag && (
        <>
          <label className="mt-3 block text-sm font-medium text-ink" htmlFor={selectId}>
            Move its posts to
          </label>
          <select
            ref={select}
            id={selectId}
            value={moveTo}
            onChange={(event) => setMoveTo(event.target.value)}
            className={cn(controlClasses, 'mt-1 h-10 bg-surface px-3')}
          >
            {/* Posts that use the tag need one: none is chosen for the admin. */}
            <option value="" disabled={needsTag}>
              {needsTag ? 'Choose a tag' : 'None (if no post uses it)'}
            </option>
            {others.map((other) => (
              <option key={other._id} value={other._id}>
                {other.tag}
              </option>
            ))}
          </select>
        </>
      )}
      {deleteTag.error && !gone && <FormAlert className="mt-3">{deleteTag.error.message}</FormAlert>}
    </Dialog>
  );
}

/** What the Delete dialog says of the posts that use the tag, and of the tag they need. */
function usageSentence(postCount: number, hasOtherTags: boolean): string {
  if (postCount === 0) return 'No post uses this tag.';
  const { uses, them } = postsUsingTag(postCount);
  if (!hasOtherTags) return `${uses} this tag, and there is no other tag to move ${them} to: add one first.`;
  return `${uses} this tag. Choose the tag ${them === 'it' ? 'it moves' : 'they move'} to.`;
}
