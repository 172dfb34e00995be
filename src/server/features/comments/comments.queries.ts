import type { Comment, CommentRevision, PublicComment } from '#shared/schemas/comment.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { Db } from '../../db/schema.ts';
import { type Args, prepared, preparedByShape } from '../../db/prepared.ts';
import { lockingRead } from '../../db/row-lock.ts';
import { offsetOf } from '../../lib/pagination.ts';

/** `html`: the comment rendered (renderMarkdown). */
type NewComment = { id: string; postId: string; authorId: string; comment: string; html: string; createdAt: string };

const newComment = prepared((db, c: Args<NewComment>) =>
  db.insertInto('comments').values({
    id: c.id,
    post_id: c.postId,
    author_id: c.authorId,
    comment: c.comment,
    comment_html: c.html,
    created_at: c.createdAt,
  }),
);

export async function insertComment(db: Db, c: NewComment): Promise<void> {
  await newComment.runDeferrable(db, c);
}

/** The comment's own columns every comment answer shows, from comments c. */
const COMMENT_COLUMNS = ['c.id', 'c.comment', 'c.comment_html', 'c.edited_at', 'c.author_id', 'c.created_at', 'c.post_id'] as const;

/** What a comment answer shows (toPublicComment), from comments c joined to its writer u. */
const PUBLIC_COMMENT_COLUMNS = [...COMMENT_COLUMNS, 'u.name', 'u.image', 'u.banned_at'] as const;

const postComments = prepared((db, a: Args<{ postId: string; limit: number; offset: number }>) =>
  db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .select(PUBLIC_COMMENT_COLUMNS)
    // The post's stored count with every row: the page and its total in one statement.
    .select((eb) => eb.selectFrom('posts').select('comment_count').where('id', '=', a.postId).as('total'))
    .where('c.post_id', '=', a.postId)
    .orderBy('c.created_at', 'asc')
    .orderBy('c.id', 'asc')
    .limit(a.limit)
    .offset(a.offset),
);

type PublicCommentRow = {
  id: string;
  comment: string;
  comment_html: string;
  edited_at: string | null;
  author_id: string;
  created_at: string;
  post_id: string;
  name: string;
  image: string | null;
  banned_at: string | null;
};

/** The one mapping of a comment as anyone sees it under a post. */
const toPublicComment = (r: PublicCommentRow): PublicComment => ({
  _id: r.id,
  comment: r.comment,
  commenter_name: r.name,
  commenter_photo: r.image,
  createdAt: r.created_at,
  postId: r.post_id,
  authorId: r.author_id,
  // Only when true: the writer's row is joined for the name anyway, and other answers keep their shape.
  ...(r.banned_at !== null && { authorBanned: true }),
  commentHtml: r.comment_html,
  editedAt: r.edited_at,
});

/** One comment as its post's page lists it, or null when it is gone. */
export async function findPublicComment(db: Db, id: string): Promise<PublicComment | null> {
  const row = await db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .select(PUBLIC_COMMENT_COLUMNS)
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row ? toPublicComment(row) : null;
}

/**
 * A page of a post's comments, oldest first, without emails, and how many it has in all; the total comes with the rows, so it
 * is read on its own only for a page without any.
 */
/** A page of a post's comments and their total; null when there is no such post. */
export async function listPostComments(
  db: Db,
  postId: string,
  page: PaginationQuery,
): Promise<{ items: PublicComment[]; total: number } | null> {
  const rows = await postComments.execute(db, { postId, limit: page.limit, offset: offsetOf(page) });
  if (rows[0]) return { items: rows.map(toPublicComment), total: Number(rows[0].total ?? 0) };
  // An empty page: the post's count says how many there are, and whether the post is there.
  const total = (await commentCountsFor(db, [postId])).get(postId);
  return total === undefined ? null : { items: [], total };
}

/** Comments with every field of SPEC.md §3 (emails included): for the post owner and admins. */
export async function listFullComments(db: Db, page: PaginationQuery, filter: { postId?: string }): Promise<Comment[]> {
  let q = db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .innerJoin('users as o', 'o.id', 'p.author_id')
    .leftJoin('reports as r', 'r.comment_id', 'c.id')
    .select([
      ...COMMENT_COLUMNS,
      'u.name as commenter_name',
      'u.email as commenter_email',
      'u.image as commenter_photo',
      'u.banned_at',
      'o.name as owner_name',
      'o.email as owner_email',
      'r.id as report_id',
    ]);
  if (filter.postId) q = q.where('c.post_id', '=', filter.postId);
  const rows = await q
    .orderBy('c.created_at', filter.postId ? 'asc' : 'desc')
    .orderBy('c.id', filter.postId ? 'asc' : 'desc')
    .limit(page.limit)
    .offset(offsetOf(page))
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    comment: r.comment,
    commenter_name: r.commenter_name,
    commenter_email: r.commenter_email,
    commenter_photo: r.commenter_photo,
    createdAt: r.created_at,
    postId: r.post_id,
    authorId: r.author_id,
    ...(r.banned_at !== null && { authorBanned: true }),
    commentHtml: r.comment_html,
    editedAt: r.edited_at,
    post_owner_name: r.owner_name,
    post_owner_email: r.owner_email,
    reported: r.report_id !== null,
  }));
}

/** One prepared query per number of ids (at most 100, API.md). */
const commentCounts = preparedByShape(
  (n: number) => (db, a: Args<Record<string, string>>) =>
    db
      .selectFrom('posts')
      .select(['id', 'comment_count'])
      .where(
        'id',
        'in',
        Array.from({ length: n }, (_, i) => a[`p${i}`]!),
      ),
);

export async function commentCountsFor(db: Db, postIds: string[]): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map();
  const args: Record<string, string> = {};
  postIds.forEach((id, i) => (args[`p${i}`] = id));
  const rows = await commentCounts(postIds.length).execute(db, args);
  return new Map(rows.map((r) => [r.id, Number(r.comment_count)]));
}

// Editing and removing a comment; the version before each edit is kept in comment_revisions.

export interface EditableComment {
  postId: string;
  authorId: string;
  comment: string;
  commentHtml: string;
  createdAt: string;
}

/**
 * A comment about to be edited or removed, held until the transaction ends, with whether the one
 * changing it is banned: the request's session was read before this transaction, and a ban may
 * have committed in between.
 */
export async function readCommentForChange(
  db: Db,
  id: string,
  writerId: string,
): Promise<(EditableComment & { editedAt: string | null; writerBanned: boolean }) | null> {
  const row = await lockingRead(
    db,
    db
      .selectFrom('comments')
      .select(['post_id', 'author_id', 'comment', 'comment_html', 'created_at', 'edited_at'])
      .select((eb) => eb.selectFrom('users').select('banned_at').where('id', '=', writerId).as('writer_banned_at'))
      .where('id', '=', id),
    'comments',
  ).executeTakeFirst();
  return row
    ? {
        postId: row.post_id,
        authorId: row.author_id,
        comment: row.comment,
        commentHtml: row.comment_html,
        createdAt: row.created_at,
        editedAt: row.edited_at,
        writerBanned: row.writer_banned_at != null,
      }
    : null;
}

export async function insertCommentRevision(
  db: Db,
  r: { id: string; commentId: string; editorId: string; editedAt: string; before: EditableComment },
): Promise<void> {
  await db
    .insertInto('comment_revisions')
    .values({
      id: r.id,
      comment_id: r.commentId,
      editor_id: r.editorId,
      comment: r.before.comment,
      comment_html: r.before.commentHtml,
      edited_at: r.editedAt,
    })
    .execute();
}

export async function updateCommentText(db: Db, id: string, text: { comment: string; html: string }, editedAt: string): Promise<void> {
  await db
    .updateTable('comments')
    .set({ comment: text.comment, comment_html: text.html, edited_at: editedAt })
    .where('id', '=', id)
    .execute();
}

/**
 * Removes a held comment with its report, and answers whether it had one (its revisions go with
 * it by foreign key). The report is removed by a statement of its own, once the comment is held:
 * a report filed while the hold was waited for is seen then, and counted off with the comment.
 */
export async function deleteCommentRow(db: Db, id: string): Promise<{ deletedCount: number; reported: boolean }> {
  const reports = await db.deleteFrom('reports').where('comment_id', '=', id).executeTakeFirst();
  const result = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
  return { deletedCount: Number(result.numDeletedRows), reported: Number(reports.numDeletedRows) > 0 };
}

/** A comment's earlier versions, newest first, with who edited them. */
export async function listCommentRevisions(
  db: Db,
  commentId: string,
  page: PaginationQuery,
): Promise<{ items: CommentRevision[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('comment_revisions as r')
      .innerJoin('users as u', 'u.id', 'r.editor_id')
      .select(['r.id', 'r.comment', 'r.comment_html', 'r.edited_at', 'u.name'])
      .where('r.comment_id', '=', commentId)
      .orderBy('r.edited_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset(offsetOf(page))
      .execute(),
    db
      .selectFrom('comment_revisions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('comment_id', '=', commentId)
      .executeTakeFirst(),
  ]);
  return {
    items: rows.map((r) => ({
      _id: r.id,
      comment: r.comment,
      commentHtml: r.comment_html,
      editedAt: r.edited_at,
      editor: { name: r.name },
    })),
    total: Number(count?.n ?? 0),
  };
}

export async function commentExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('comments').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
