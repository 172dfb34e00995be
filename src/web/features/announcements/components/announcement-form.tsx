// Make Announcement: heading "Create Post", read-only "Author Image URL" and "Author Name"
// of the signed-in admin, required "Title" and "Description", button "Make Post"; success
// "Successfully Announcement Added!" and a reset form (SPEC.md §2). What is typed is kept in the
// tab until it is published, as a new post's text is (session-draft.ts).
import { useState } from 'react';
import { DEFAULT_AVATAR } from '#shared/constants.ts';
import { createAnnouncementInputSchema } from '#shared/schemas/announcement.ts';
import { MarkdownField } from '#web/components/markdown/markdown-field.tsx';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Form, FormAlert, Input } from '#web/components/ui/form.tsx';
import { ReadOnlyField } from '#web/components/ui/form-controls.tsx';
import { draftKeyOf } from '#web/lib/draft-keys.ts';
import { clearDraft, KeepDraft, readDraft } from '#web/lib/session-draft.ts';
import { toast } from '#web/lib/toast.tsx';
import { useCreateAnnouncement } from '../api/create-announcement.ts';

interface AnnouncementFormProps {
  author: { name: string; email: string; image: string | null };
}

const emptyAnnouncement = { title: '', description: '' };
type AnnouncementDraft = typeof emptyAnnouncement;

/** The author's photo as an absolute URL (the field is of type url). */
const absoluteUrl = (src: string | null): string => new URL(src || DEFAULT_AVATAR, window.location.origin).href;

export function AnnouncementForm({ author }: AnnouncementFormProps) {
  const createAnnouncement = useCreateAnnouncement();
  // A new key gives a fresh, empty form after publishing.
  const [formKey, setFormKey] = useState(0);
  // What was typed survives leaving the page (a lapsed session sends the admin to sign in).
  const draftKey = draftKeyOf('make-announcement', author.email);
  return (
    <div className="card overflow-hidden">
      <section
        aria-labelledby="announcement-author"
        className="flex flex-col gap-4 border-b border-line bg-canvas/70 p-5 sm:flex-row sm:items-center"
      >
        <h2 id="announcement-author" className="sr-only">
          Author
        </h2>
        <Avatar src={author.image} alt={`Photo of ${author.name}`} className="size-16 shrink-0 ring-2 ring-surface" />
        <div className="grid min-w-0 flex-1 gap-4 sm:grid-cols-2">
          <ReadOnlyField label="Author Image URL" type="url" value={absoluteUrl(author.image)} />
          <ReadOnlyField label="Author Name" value={author.name} />
        </div>
      </section>
      <Form
        key={formKey}
        schema={createAnnouncementInputSchema}
        aria-label="Make announcement"
        className="p-5"
        options={{ defaultValues: { ...emptyAnnouncement, ...readDraft<AnnouncementDraft>(draftKey) } }}
        onSubmit={(values) =>
          createAnnouncement.mutateAsync(values, {
            onSuccess: () => {
              clearDraft(draftKey);
              toast.success('Successfully Announcement Added!');
              setFormKey((key) => key + 1);
              createAnnouncement.reset();
            },
          })
        }
      >
        {({ register, control, formState: { errors } }) => (
          <>
            <KeepDraft control={control} draftKey={draftKey} />
            {/* The fresh form after publishing takes the focus on its first field (the old one held it). */}
            <Input label="Title" autoComplete="off" autoFocus={formKey > 0} registration={register('title')} error={errors.title} />
            <MarkdownField
              label="Description"
              kind="announcement"
              rows={8}
              control={control}
              name="description"
              error={errors.description}
            />
            {createAnnouncement.error && <FormAlert>{createAnnouncement.error.message}</FormAlert>}
            <div className="flex justify-end">
              <Button type="submit" size="lg" className="w-full sm:w-auto" isLoading={createAnnouncement.isPending}>
                Make Post
              </Button>
            </div>
          </>
        )}
      </Form>
    </div>
  );
}
