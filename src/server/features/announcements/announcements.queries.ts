import type { Announcement, CreateAnnouncementInput } from '#shared/schemas/announcement.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import { type Args, prepared } from '../../db/prepared.ts';
import { lockingRead } from '../../db/row-lock.ts';
import type { Db } from '../../db/schema.ts';
import { renderMarkdown } from '../../lib/markdown/render-markdown.ts';
import { offsetOf } from '../../lib/pagination.ts';

const announcementPage = prepared((db, p: Args<{ limit: number; offset: number }>) =>
  db
    .selectFrom('announcements as a')
    .innerJoin('users as u', 'u.id', 'a.author_id')
    .select(['a.id', 'a.title', 'a.description', 'a.description_html', 'a.created_at', 'a.edited_at', 'u.name', 'u.image'])
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
  edited_at: string | null;
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
  editedAt: r.edited_at,
});

export async function listAnnouncements(db: Db, page: PaginationQuery): Promise<Announcement[]> {
  const rows = await announcementPage.execute(db, { limit: page.limit, offset: offsetOf(page) });
  return rows.map(toAnnouncement);
}

export async function findAnnouncement(db: Db, id: string): Promise<Announcement | null> {
  const row = await db
    .selectFrom('announcements as a')
    .innerJoin('users as u', 'u.id', 'a.author_id')
    .select(['a.id', 'a.title', 'a.description', 'a.description_html', 'a.created_at', 'a.edited_at', 'u.name', 'u.image'])
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
      description_html: renderMarkdown(a.description, 'announcement'),
      created_at: a.createdAt,
    })
    .execute();
}

/** The announcement an edit decides on, held until the edit's transaction ends; null if there is none. */
export async function readAnnouncementForEdit(
  db: Db,
  id: string,
): Promise<{ title: string; description: string; editedAt: string | null } | null> {
  const row = await lockingRead(
    db,
    db.selectFrom('announcements').select(['title', 'description', 'edited_at']).where('id', '=', id),
    'announcements',
  ).executeTakeFirst();
  return row ? { title: row.title, description: row.description, editedAt: row.edited_at } : null;
}

/** A new title and/or text, and the edit's time; new text's HTML is rendered again, as when it was published. */
export async function updateAnnouncement(
  db: Db,
  id: string,
  next: { title?: string; description?: string; editedAt: string },
): Promise<void> {
  await db
    .updateTable('announcements')
    .set({
      edited_at: next.editedAt,
      ...(next.title !== undefined ? { title: next.title } : {}),
      ...(next.description !== undefined
        ? { description: next.description, description_html: renderMarkdown(next.description, 'announcement') }
        : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteAnnouncement(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
