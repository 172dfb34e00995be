// Make Announcement: the announcements already published, newest first, a page at a time (the
// page in the address, as the other admin tables), each with "Edit" (the title and the Markdown
// description, in place, with the rules of publishing) and "Delete" (confirmed first; the bell
// count follows). One deleted by another admin while this one edits it stays, with its form and
// their text, until they leave the form; its Save says it no longer exists. One edited by another
// admin meanwhile is not silently overwritten: the save names the version the form was opened on,
// and a refused one offers the latest version or saving over it, as a post's editor does. Unsaved changes
// outlast the page (a lapsed session, a reload) and Escape, as a comment's editor's do: kept per
// admin and announcement, given back when it is edited again, until Save or Cancel.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Announcement } from '#shared/schemas/announcement.ts';
import { EditSaveError } from '#web/components/markdown/edit-conflict.tsx';
import { EditedMarker } from '#web/components/markdown/edited-marker.tsx';
import { escapeLeavesEditor } from '#web/components/markdown/escape-leaves-editor.ts';
import { MarkdownField } from '#web/components/markdown/markdown-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Form, FormAlert, Input } from '#web/components/ui/form.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { RelativeTime } from '#web/components/ui/relative-time.tsx';
import { useFocusAfterRowGoes } from '#web/components/ui/use-focus-after-row-goes.ts';
import { useLastPageWhenPastTheEnd, type PaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { editorKeys, useEditing, useKeptWhileEditing } from '#web/lib/open-editors.ts';
import { clearDraft, KeepDraft, readDraft, useDraftKey } from '#web/lib/session-draft.ts';
import { toast } from '#web/lib/toast.tsx';
import { useAnnouncementPage } from '../api/get-announcements.ts';
import {
  editAnnouncementFormSchema,
  useDeleteAnnouncement,
  useEditAnnouncement,
  type EditAnnouncementForm,
} from '../api/manage-announcements.ts';

export function ManageAnnouncements({ pagination }: { pagination: PaginationParams }) {
  const { page, size, setPage, setSize } = pagination;
  const { data, isPending, isError, isSuccess, isPlaceholderData } = useAnnouncementPage({ page, limit: size });
  // One deleted elsewhere while it is edited here stays listed (with its form) until the form is left.
  const announcements = useKeptWhileEditing(data?.items, `${page}/${size}`, (a) => editorKeys.announcement(a._id));
  const total = data?.total ?? 0;
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const deleteAnnouncement = useDeleteAnnouncement();
  // Another admin's removals (or an old link): the last page that has announcements, not an empty one.
  useLastPageWhenPastTheEnd({ page, size, setPage }, isSuccess && !isPlaceholderData ? { items: data.items.length, total } : null);
  // The last one of a later page deleted, the page before is shown: once it has come, the focus
  // goes on from its last Delete (the announcement listed before the deleted one), not from the
  // heading the emptied page left it on. Before the rows' own hook, whose effect then finds the
  // focus placed.
  const section = useRef<HTMLElement>(null);
  const steppedBack = useRef(false);
  useEffect(() => {
    if (!steppedBack.current || isPlaceholderData || !announcements?.length) return;
    steppedBack.current = false;
    const active = document.activeElement;
    if (active && active !== document.body && !section.current?.contains(active)) return;
    const buttons = section.current?.querySelectorAll<HTMLElement>('[data-row-key]:last-child button');
    buttons?.[buttons.length - 1]?.focus();
  }, [announcements, isPlaceholderData]);
  // A row's Edit goes while it is edited, and the form's buttons when it closes; a deleted row
  // goes with its Delete: the focus goes on from the row (or the next one's Delete).
  const { list, fallback, onFocus } = useFocusAfterRowGoes<HTMLUListElement, HTMLHeadingElement>(announcements?.map((a) => a._id) ?? []);
  return (
    <section ref={section} aria-labelledby="manage-announcements-heading" className="card p-5">
      <h2 ref={fallback} id="manage-announcements-heading" tabIndex={-1} className="text-lg font-semibold tracking-tight">
        Announcements
      </h2>
      {isPending && <p className="mt-4 text-sm text-muted">Loading announcements…</p>}
      {isError && <FormAlert className="mt-4">Could not load the announcements.</FormAlert>}
      {announcements?.length === 0 && total === 0 && <p className="mt-4 text-sm text-muted">No announcements yet.</p>}
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
                    <p className="flex flex-wrap gap-x-1 text-xs text-muted">
                      {a.name} <span aria-hidden="true">·</span> <RelativeTime value={a.time} />
                      {a.editedAt && <EditedMarker editedAt={a.editedAt} />}
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
      {total > 0 && (
        <Pagination
          className="mt-4 border-t border-line pt-4"
          page={page}
          size={size}
          total={total}
          onPageChange={setPage}
          onSizeChange={setSize}
          label="Announcement pages"
        />
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
          // The last one of a later page gone: the page before, not an empty one.
          const lastOnPage = announcements?.length === 1 && page > 0;
          return deleteAnnouncement.mutateAsync(deleting._id, {
            onSuccess: () => {
              toast.success('Announcement deleted');
              if (!lastOnPage) return;
              steppedBack.current = true;
              setPage(page - 1);
            },
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
  useEditing(editorKeys.announcement(announcement._id), true);
  const draftKey = useDraftKey('edit-announcement', announcement._id);
  // The latest version known: the form opens on it, and after a refused save (the list was
  // fetched again before the refusal showed) offers it.
  const saved = useMemo(
    () => ({ title: announcement.title, description: announcement.description, baseEditedAt: announcement.editedAt }),
    [announcement.title, announcement.description, announcement.editedAt],
  );
  const leave = () => {
    if (draftKey !== null) clearDraft(draftKey);
    onDone();
  };
  const save = (values: EditAnnouncementForm) =>
    edit.mutateAsync(
      { id: announcement._id, ...values },
      {
        onSuccess: ({ modifiedCount }) => {
          toast.success(modifiedCount > 0 ? 'Announcement updated' : 'Nothing changed');
          leave();
        },
      },
    );
  return (
    <Form
      schema={editAnnouncementFormSchema}
      aria-label={`Edit ${announcement.title}`}
      options={{ defaultValues: (draftKey === null ? null : readDraft<EditAnnouncementForm>(draftKey)) ?? saved }}
      onKeyDown={escapeLeavesEditor(edit, onDone)}
      onSubmit={(values) => save(values)}
    >
      {({ register, control, reset, setFocus, handleSubmit, formState: { errors } }) => (
        <>
          {draftKey !== null && <KeepDraft control={control} draftKey={draftKey} unchanged={saved} />}
          {/* In place of the Edit button that had the focus. */}
          <Input label="Title" autoComplete="off" autoFocus registration={register('title')} error={errors.title} />
          <MarkdownField label="Description" kind="announcement" rows={6} control={control} name="description" error={errors.description} />
          <EditSaveError
            error={edit.error}
            subject="announcement"
            busy={edit.isPending}
            // As the comment's editor: the focus goes on from the title (before the reset, which lets
            // go of the fields' elements until they render again).
            onLoadLatest={() => {
              setFocus('title');
              reset(saved);
              edit.reset();
            }}
            onSaveMine={() => void handleSubmit((values) => save({ ...values, baseEditedAt: saved.baseEditedAt }))()}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={leave} disabled={edit.isPending}>
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
