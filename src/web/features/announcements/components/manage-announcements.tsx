// Make Announcement: the announcements already published, newest first, each with "Edit"
// (the title and the Markdown description, in place, with the rules of publishing) and "Delete" (confirmed first; the bell
// count follows).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '#shared/constants.ts';
import { createAnnouncementInputSchema, type Announcement } from '#shared/schemas/announcement.ts';
import { MarkdownField } from '#web/components/markdown/markdown-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Form, FormAlert, Input } from '#web/components/ui/form.tsx';
import { RelativeTime } from '#web/components/ui/relative-time.tsx';
import { useFocusAfterRowGoes } from '#web/components/ui/use-focus-after-row-goes.ts';
import { toast } from '#web/lib/toast.tsx';
import { announcementsQueryOptions } from '../api/get-announcements.ts';
import { useDeleteAnnouncement, useEditAnnouncement } from '../api/manage-announcements.ts';

export function ManageAnnouncements() {
  const { data: announcements, isPending, isError } = useQuery(announcementsQueryOptions({ page: 0, limit: MAX_PAGE_LIMIT }));
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const deleteAnnouncement = useDeleteAnnouncement();
  // A row's Edit goes while it is edited, and the form's buttons when it closes; a deleted row
  // goes with its Delete: the focus goes on from the row (or the next one's Delete).
  const { list, fallback, onFocus } = useFocusAfterRowGoes<HTMLUListElement, HTMLHeadingElement>(announcements?.map((a) => a._id) ?? []);
  return (
    <section aria-labelledby="manage-announcements-heading" className="card p-5">
      <h2 ref={fallback} id="manage-announcements-heading" tabIndex={-1} className="text-lg font-semibold tracking-tight">
        Announcements
      </h2>
      {isPending && <p className="mt-4 text-sm text-muted">Loading announcements…</p>}
      {isError && <FormAlert className="mt-4">Could not load the announcements.</FormAlert>}
      {announcements && announcements.length === 0 && <p className="mt-4 text-sm text-muted">No announcements yet.</p>}
      {announcements && announcements.length > 0 && (
        <ul ref={list} onFocus={onFocus} className="mt-4 divide-y divide-line" aria-label="Published announcements">
          {announcements.map((a) => (
            <li key={a._id} data-row-key={a._id} className="py-3">
              {editing === a._id ? (
                <EditAnnouncementForm announcement={a} onDone={() => setEditing(null)} />
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-ink">{a.title}</p>
                    <p className="text-xs text-muted">
                      {a.name} · <RelativeTime value={a.time} />
                    </p>
                  </div>
                  <span className="flex shrink-0 gap-2">
                    <Button size="sm" variant="secondary" aria-label={`Edit ${a.title}`} onClick={() => setEditing(a._id)}>
                      Edit
                    </Button>
                    <Button size="sm" variant="danger" aria-label={`Delete ${a.title}`} onClick={() => setDeleting(a)}>
                      Delete
                    </Button>
                  </span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        subject={deleting && `Delete "${deleting.title}"?`}
        confirmLabel="Yes, delete it!"
        danger
        busy={deleteAnnouncement.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          return deleteAnnouncement.mutateAsync(deleting._id, {
            onSuccess: () => toast.success('Announcement deleted'),
            onError: (error) => toast.error(error.message),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </section>
  );
}

function EditAnnouncementForm({ announcement, onDone }: { announcement: Announcement; onDone: () => void }) {
  const edit = useEditAnnouncement();
  return (
    <Form
      schema={createAnnouncementInputSchema}
      aria-label={`Edit ${announcement.title}`}
      options={{ defaultValues: { title: announcement.title, description: announcement.description } }}
      onSubmit={(values) =>
        edit.mutateAsync(
          { id: announcement._id, ...values },
          {
            onSuccess: ({ modifiedCount }) => {
              toast.success(modifiedCount > 0 ? 'Announcement updated' : 'Nothing changed');
              onDone();
            },
          },
        )
      }
    >
      {({ register, control, formState: { errors } }) => (
        <>
          {/* In place of the Edit button that had the focus. */}
          <Input label="Title" autoComplete="off" autoFocus registration={register('title')} error={errors.title} />
          <MarkdownField label="Description" rows={6} control={control} name="description" error={errors.description} />
          {edit.error && <FormAlert>{edit.error.message}</FormAlert>}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onDone} disabled={edit.isPending}>
              Cancel
            </Button>
            <Button type="submit" isLoading={edit.isPending}>
              Save
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
