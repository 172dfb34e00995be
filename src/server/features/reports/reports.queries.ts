import { toRole } from '#shared/constants.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { Report } from '#shared/schemas/report.ts';
import { lockingRead } from '../../db/row-lock.ts';
import type { Db } from '../../db/schema.ts';
import { offsetOf } from '../../lib/pagination.ts';

/**
 * The comment about to be reported, with its post's owner, held until the transaction ends (see
 * lockingRead): a removal of the comment, or of its post, meanwhile waits for the report (and
 * then counts it among what it removes), or the report for the removal and then finds no
 * comment; two reports of it are decided one after the other. The post is held first, as a
 * post's removal holds it before its comments. With it, whether the reporter is banned (a ban
 * may have committed since the request's session was read).
 */
export async function findCommentWithPostOwner(
  db: Db,
  commentId: string,
  reporterId: string,
): Promise<{
  postId: string;
  postOwnerId: string;
  authorId: string;
  comment: string;
  commentHtml: string;
  reporterBanned: boolean;
} | null> {
  const row = await lockingRead(
    db,
    lockingRead(
      db,
      db
        .selectFrom('comments as c')
        .innerJoin('posts as p', 'p.id', 'c.post_id')
        .select(['c.post_id', 'c.author_id as comment_author_id', 'c.comment', 'c.comment_html', 'p.author_id'])
        .select((eb) => eb.selectFrom('users').select('banned_at').where('id', '=', reporterId).as('reporter_banned_at'))
        .where('c.id', '=', commentId),
      'p',
      'key share',
    ),
    'c',
    'no key update',
  ).executeTakeFirst();
  return row
    ? {
        postId: row.post_id,
        postOwnerId: row.author_id,
        authorId: row.comment_author_id,
        comment: row.comment,
        commentHtml: row.comment_html,
        reporterBanned: row.reporter_banned_at != null,
      }
    : null;
}

export async function insertReport(
  db: Db,
  r: { id: string; commentId: string; comment: string; commentHtml: string; reporterId: string; feedback: string; createdAt: string },
) {
  await db
    .insertInto('reports')
    .values({
      id: r.id,
      comment_id: r.commentId,
      comment: r.comment,
      comment_html: r.commentHtml,
      reporter_id: r.reporterId,
      feedback: r.feedback,
      created_at: r.createdAt,
    })
    .execute();
}

export async function reportExists(db: Db, commentId: string): Promise<boolean> {
  return (await db.selectFrom('reports').select('id').where('comment_id', '=', commentId).executeTakeFirst()) !== undefined;
}

/** The admin's queue, newest report first, with the reported comment's fields: its text as it was reported. */
export async function listReports(db: Db, page: PaginationQuery): Promise<Report[]> {
  const rows = await db
    .selectFrom('reports as r')
    .innerJoin('comments as c', 'c.id', 'r.comment_id')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .innerJoin('users as o', 'o.id', 'p.author_id')
    .innerJoin('users as rp', 'rp.id', 'r.reporter_id')
    .select([
      'r.id',
      'r.feedback',
      'r.created_at as reported_at',
      'c.id as comment_id',
      'r.comment',
      'r.comment_html',
      'c.created_at',
      'c.post_id',
      'u.name as commenter_name',
      'u.email as commenter_email',
      'u.role as commenter_role',
      'u.image as commenter_photo',
      'c.author_id',
      'o.name as owner_name',
      'o.email as owner_email',
      'rp.name as reporter_name',
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.limit)
    .offset(offsetOf(page))
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    commentId: r.comment_id,
    comment: r.comment,
    commentHtml: r.comment_html,
    commenter_name: r.commenter_name,
    commenter_email: r.commenter_email,
    commenter_role: toRole(r.commenter_role),
    commenter_photo: r.commenter_photo,
    authorId: r.author_id,
    createdAt: r.created_at,
    postId: r.post_id,
    post_owner_name: r.owner_name,
    post_owner_email: r.owner_email,
    ReportedComment: r.feedback,
    reportedAt: r.reported_at,
    reporter: { name: r.reporter_name },
  }));
}

/** Deletes one report (the comment stays); answers the comment it was about, or null if there was none. */
export async function deleteReport(db: Db, id: string): Promise<{ commentId: string } | null> {
  const row = await db.deleteFrom('reports').where('id', '=', id).returning('comment_id').executeTakeFirst();
  return row ? { commentId: row.comment_id } : null;
}

/**
 * The reported comments written by one member, with the post each sits under, held until the
 * transaction ends (see lockingRead), in one order. Their reports may still be dismissed
 * meanwhile: deleteReportedComments decides on the reports as they are then.
 */
export async function findReportedCommentsBy(db: Db, authorId: string): Promise<Array<{ id: string; postId: string; createdAt: string }>> {
  const rows = await lockingRead(
    db,
    db
      .selectFrom('comments as c')
      .innerJoin('reports as r', 'r.comment_id', 'c.id')
      .select(['c.id', 'c.post_id', 'c.created_at'])
      .where('c.author_id', '=', authorId)
      .orderBy('c.id'),
    'c',
  ).execute();
  return rows.map((r) => ({ id: r.id, postId: r.post_id, createdAt: r.created_at }));
}

/**
 * Removes those of the comments that are still reported, with their reports; answers the ids
 * actually removed. A report dismissed meanwhile leaves its comment in place, and a comment
 * removed meanwhile by another request is not counted twice.
 */
export async function deleteReportedComments(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const reports = await db.deleteFrom('reports').where('comment_id', 'in', ids).returning('comment_id').execute();
  const stillReported = reports.map((r) => r.comment_id);
  if (stillReported.length === 0) return new Set();
  const rows = await db.deleteFrom('comments').where('id', 'in', stillReported).returning('id').execute();
  return new Set(rows.map((r) => r.id));
}
