import type { Announcement, CreateAnnouncementInput, UpdateAnnouncementInput } from '#shared/schemas/announcement.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import { type Args, prepared } from '../../db/prepared.ts';
import type { Db } from '../../db/schema.ts';
import { renderMarkdown } from '../../lib/markdown/render-markdown.ts';
import { offsetOf } from '../../lib/pagination.ts';

const announcementPage = prepared((db, p: Args<{ limit: number; offset: number }>) =>
  db
    .selectFrom('announcements as a')
    .innerJoin('users as u', 'u.id', 'a.author_id')
    .select(['a.id', 'a.title', 'a.description', 'a.description_html', 'a.created_at', 'u.name', 'u.image'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(p.limit)
    .offset(p.offset),
);

type AnnouncementRow = {
  id: string;
  title: string;
  description: string;
  description_html: string;
  created_at: string;
  name: string;
  image: string | null;
};

const toAnnouncement = (r: AnnouncementRow): Announcement => ({
  _id: r.id,
  title: r.title,
  description: r.description,
  descriptionHtml: r.description_html,
  photo: r.image,
  name: r.name,
  time: r.created_at,
});

export async function listAnnouncements(db: Db, page: PaginationQuery): Promise<Announcement[]> {
  const rows = await announcementPage.execute(db, { limit: page.limit, offset: offsetOf(page) });
  return rows.map(toAnnouncement);
}

export async function findAnnouncement(db: Db, id: string): Promise<Announcement | null> {
  const row = await db
    .selectFrom('announcements as a')
    .innerJoin('users as u', 'u.id', 'a.author_id')
    .select(['a.id', 'a.title', 'a.description', 'a.description_html', 'a.created_at', 'u.name', 'u.image'])
    .where('a.id', '=', id)
    .executeTakeFirst();
  return row ? toAnnouncement(row) : null;
}

export async function insertAnnouncement(
  db: Db,
  a: { id: string; authorId: string; createdAt: string } & CreateAnnouncementInput,
): Promise<void> {
  await db
    .insertInto('announcements')
    .values({
      id: a.id,
      author_id: a.authorId,
      title: a.title,
      description: a.description,
      description_html: renderMarkdown(a.description),
      created_at: a.createdAt,
    })
    .execute();
}

/**
 * New title and/or text; the text's HTML is rendered again, as when it was published. Answers
 * 0 when nothing would change, or there is no such announcement.
 */
export async function updateAnnouncement(db: Db, id: string, input: UpdateAnnouncementInput): Promise<number> {
  const result = await db
    .updateTable('announcements')
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description, description_html: renderMarkdown(input.description) } : {}),
    })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        ...(input.title !== undefined ? [eb('title', '!=', input.title)] : []),
        ...(input.description !== undefined ? [eb('description', '!=', input.description)] : []),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function announcementExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('announcements').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function deleteAnnouncement(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
