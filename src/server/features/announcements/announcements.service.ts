import type { Page } from '#shared/page.ts';
import type { Announcement, CreateAnnouncementInput, UpdateAnnouncementInput } from '#shared/schemas/announcement.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { Db } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { editTime, isBehind } from '../../lib/edit-version.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { siteTotal } from '../counters/counters.service.ts';
import { holdActingAdmin } from '../users/users.service.ts';
import {
  deleteAnnouncement,
  findAnnouncement,
  insertAnnouncement,
  listAnnouncements,
  readAnnouncementForEdit,
  updateAnnouncement,
} from './announcements.queries.ts';

/** One announcement as the list shows it, or null. */
export const findListedAnnouncement = (db: Db, id: string): Promise<Announcement | null> => findAnnouncement(db, id);

/** The bell's count: every announcement, as stored. */
export const announcementTotal = (db: Db): Promise<number> => siteTotal(db, 'announcements');

export async function listAnnouncementPage(db: Db, page: PaginationQuery): Promise<Page<Announcement>> {
  const [items, total] = await Promise.all([listAnnouncements(db, page), announcementTotal(db)]);
  return { items, total };
}

/** One announcement as the list shows it, with the bell's count (the total), or null. */
export async function announcementWithTotal(db: Db, id: string): Promise<(Announcement & { total: number }) | null> {
  const [announcement, total] = await Promise.all([findAnnouncement(db, id), announcementTotal(db)]);
  return announcement ? { ...announcement, total } : null;
}

/**
 * The author's photo and name come from the session (they are read at display time). Each
 * announcement write here is an admin's, written only while they still are one (holdActingAdmin).
 */
export async function publishAnnouncement(
  writes: WritePath,
  author: SessionViewer,
  input: CreateAnnouncementInput,
): Promise<{ insertedId: string }> {
  const id = newId();
  await writes.run(async (w) => {
    await holdActingAdmin(w.trx, author.id);
    await insertAnnouncement(w.trx, { id, authorId: author.id, createdAt: nowIso(), ...input });
    w.record({ type: 'announcement.published', announcementId: id });
  });
  return { insertedId: id };
}

/**
 * An admin edits an announcement; an edit that changes nothing stores nothing. One made from an
 * older version than the announcement's (`baseEditedAt`) is refused, as a post's is: two admins
 * editing one announcement, the second save would otherwise put back what the first changed.
 */
export async function editAnnouncement(
  writes: WritePath,
  admin: SessionViewer,
  id: string,
  input: UpdateAnnouncementInput,
): Promise<{ modifiedCount: number }> {
  return writes.run(async (w) => {
    await holdActingAdmin(w.trx, admin.id);
    // Held: of two edits from the same version, the second sees the first's.
    const before = await readAnnouncementForEdit(w.trx, id);
    // Never there, or taken away by a removal committed first.
    if (!before) throw notFound('announcement');
    if (isBehind(input.baseEditedAt, before.editedAt)) throw conflict('This announcement was edited since you opened it.');
    const title = input.title ?? before.title;
    const description = input.description ?? before.description;
    // Unchanged: no event, nothing for readers to fetch again.
    if (title === before.title && description === before.description) return { modifiedCount: 0 };
    await updateAnnouncement(w.trx, id, {
      editedAt: editTime(before.editedAt),
      ...(title !== before.title ? { title } : {}),
      ...(description !== before.description ? { description } : {}),
    });
    w.record({ type: 'announcement.edited', announcementId: id });
    return { modifiedCount: 1 };
  });
}

export async function removeAnnouncement(writes: WritePath, admin: SessionViewer, id: string): Promise<{ deletedCount: number }> {
  return writes.run(async (w) => {
    await holdActingAdmin(w.trx, admin.id);
    const deletedCount = await deleteAnnouncement(w.trx, id);
    if (deletedCount === 0) throw notFound('announcement');
    w.record({ type: 'announcement.removed', announcementId: id });
    return { deletedCount };
  });
}
