import type { Page } from '#shared/page.ts';
import type { Announcement, CreateAnnouncementInput } from '#shared/schemas/announcement.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { Db } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { siteTotal } from '../counters/counters.service.ts';
import { insertAnnouncement, listAnnouncements } from './announcements.queries.ts';

export async function listAnnouncementPage(db: Db, page: PaginationQuery): Promise<Page<Announcement>> {
  const [items, total] = await Promise.all([listAnnouncements(db, page), siteTotal(db, 'announcements')]);
  return { items, total };
}

/** The author's photo and name come from the session (they are read at display time). */
export async function publishAnnouncement(
  writes: WritePath,
  author: SessionViewer,
  input: CreateAnnouncementInput,
): Promise<{ insertedId: string }> {
  const id = newId();
  await writes.run(async (w) => {
    await insertAnnouncement(w.trx, { id, authorId: author.id, createdAt: nowIso(), ...input });
    w.record({ type: 'announcement.published', announcementId: id });
  });
  return { insertedId: id };
}
