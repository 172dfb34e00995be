// The Add Post form: read-only author, "Title", "Description", "Tag" (placeholder
// "Pick a Tag"), "Create Post" (SPEC.md §2), validated by the server's own schema.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createPostInputSchema } from '#shared/schemas/post.ts';
import type { Tag } from '#shared/schemas/tag.ts';
import type { User } from '#shared/schemas/user.ts';
import { MarkdownField } from '#web/components/markdown/markdown-field.tsx';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Form, FormAlert, Input } from '#web/components/ui/form.tsx';
import { ReadOnlyField, Select } from '#web/components/ui/form-controls.tsx';
import { paths } from '#web/config/paths.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { draftKeyOf } from '#web/lib/draft-keys.ts';
import { clearDraft, KeepDraft, readDraft } from '#web/lib/session-draft.ts';
import { toast } from '#web/lib/toast.tsx';
import { isPostLimitError, useCreatePost } from '../api/create-post.ts';
import { isUnknownTagError } from '../api/unknown-tag.ts';

/** The choices of the "Tag" select, which the page reads from the tags. */
export interface TagChoices {
  tags: readonly Tag[] | undefined;
  error: Error | null;
}

interface AddPostFormProps {
  author: Pick<User, 'name' | 'email' | 'photo'>;
  tagChoices: TagChoices;
  onCreated: () => void;
  onLimitReached: () => void;
}

const emptyPost = { title: '', description: '', category: '' };
type PostDraft = typeof emptyPost;

/** The server's message for one field (a 400's details), if any. */
function serverFieldError(error: unknown, field: string) {
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') return undefined;
  const detail = error.details?.find((d) => d.path === field || d.path.endsWith(`.${field}`));
  return detail ? { message: detail.message } : undefined;
}

export function AddPostForm({ author, tagChoices, onCreated, onLimitReached }: AddPostFormProps) {
  const navigate = useNavigate();
  const createPost = useCreatePost();
  // A new key gives a fresh, empty form (the reset after success).
  const [formKey, setFormKey] = useState(0);
  // What was typed survives leaving the page (a lapsed session sends the member to sign in).
  const draftKey = draftKeyOf('add-post', author.email);
  const tagOptions = (tagChoices.tags ?? []).map(({ tag }) => ({ value: tag, label: tag }));
  // A refusal not shown on a field (nor as the limit prompt) is shown under the form.
  const shownOnField = (['title', 'description', 'category'] as const).some((field) => serverFieldError(createPost.error, field));
  const generalError = createPost.error && !isPostLimitError(createPost.error) && !shownOnField ? createPost.error.message : null;

  return (
    <div className="card overflow-hidden">
      <section
        aria-labelledby="author-heading"
        className="flex flex-col gap-4 border-b border-line bg-canvas/70 p-5 sm:flex-row sm:items-center"
      >
        <h2 id="author-heading" className="sr-only">
          Author
        </h2>
        <Avatar src={author.photo} alt={`Photo of ${author.name}`} className="size-16 shrink-0 ring-2 ring-surface" />
        <div className="grid flex-1 gap-4 sm:grid-cols-2">
          <ReadOnlyField label="Author Name" value={author.name} />
          <ReadOnlyField label="Author Email" type="email" value={author.email} />
        </div>
      </section>
      <Form
        key={formKey}
        schema={createPostInputSchema}
        aria-label="Add post"
        className="p-5"
        options={{ defaultValues: { ...emptyPost, ...readDraft<PostDraft>(draftKey) } }}
        onSubmit={(values, form) =>
          createPost.mutateAsync(values, {
            onSuccess: () => {
              clearDraft(draftKey);
              onCreated();
              toast.success('Successfully Post Created!');
              setFormKey((key) => key + 1);
              void navigate(paths.dashboard.myPost.getHref());
            },
            onError: (error) => {
              if (isPostLimitError(error)) onLimitReached();
              // The tag is gone from the list as it is read again: the member picks another.
              if (isUnknownTagError(error)) form.setValue('category', '');
            },
          })
        }
      >
        {({ register, control, formState: { errors } }) => (
          <>
            <KeepDraft control={control} draftKey={draftKey} />
            <div className="grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
              <Input
                label="Title"
                autoComplete="off"
                registration={register('title')}
                error={errors.title ?? serverFieldError(createPost.error, 'title')}
              />
              <Select
                label="Tag"
                placeholder="Pick a Tag"
                options={tagOptions}
                registration={register('category')}
                error={errors.category ?? serverFieldError(createPost.error, 'category')}
                hint={tagChoices.error ? `Could not load the tags: ${tagChoices.error.message}` : undefined}
              />
            </div>
            <MarkdownField
              label="Description"
              rows={10}
              control={control}
              name="description"
              error={errors.description ?? serverFieldError(createPost.error, 'description')}
            />
            {generalError && <FormAlert>{generalError}</FormAlert>}
            <div className="flex justify-end">
              <Button type="submit" size="lg" className="w-full sm:w-auto" isLoading={createPost.isPending}>
                Create Post
              </Button>
            </div>
          </>
        )}
      </Form>
    </div>
  );
}
