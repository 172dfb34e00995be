import type { Kysely } from 'kysely';
import type { Announcement, CreateAnnouncementInput } from '#shared/schemas/announcement.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { DB } from '../../db/schema.ts';
import { prepared } from '../../db/prepared.ts';
import { offsetOf } from '../../lib/pagination.ts';
import { addToCounter, readCounter } from '../counters/counters.queries.ts';
import { newId, nowIso } from '../../lib/ids.ts';

const announcementPage = prepared((db, p: { limit: number; offset: number }) =>
  db
    .selectFrom('announcements as a')
    .innerJoin('users as u', 'u.id', 'a.author_id')
    .select(['a.id', 'a.title', 'a.description', 'a.created_at', 'u.name', 'u.image'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(p.limit)
    .offset(p.offset),
);

export async function listAnnouncements(db: Kysely<DB>, page: PaginationQuery): Promise<Announcement[]> {
  const rows = await announcementPage.execute(db, { limit: page.limit, offset: offsetOf(page) });
  return rows.map((r) => ({
    _id: r.id,
    title: r.title,
    description: r.description,
    photo: r.image,
    name: r.name,
    time: r.created_at,
  }));
}

export const countAnnouncements = (db: Kysely<DB>) => readCounter(db, 'announcements');

export async function insertAnnouncement(db: Kysely<DB>, authorId: string, input: CreateAnnouncementInput): Promise<string> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('announcements')
      .values({ id, author_id: authorId, ...input, created_at: nowIso() })
      .execute();
    await addToCounter(trx, 'announcements', 1);
  });
  return id;
}
