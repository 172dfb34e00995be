import type { Comment, PublicComment } from '#shared/schemas/comment.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { Db } from '../../db/schema.ts';
import { type Args, prepared, preparedByShape } from '../../db/prepared.ts';
import { offsetOf } from '../../lib/pagination.ts';

type NewComment = { id: string; postId: string; authorId: string; comment: string; createdAt: string };

const newComment = prepared((db, c: Args<NewComment>) =>
  db.insertInto('comments').values({ id: c.id, post_id: c.postId, author_id: c.authorId, comment: c.comment, created_at: c.createdAt }),
);

export async function insertComment(db: Db, c: NewComment) {
  await newComment.run(db, c);
}

const postComments = prepared((db, a: Args<{ postId: string; limit: number; offset: number }>) =>
  db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .select(['c.id', 'c.comment', 'c.created_at', 'c.post_id', 'u.name', 'u.image'])
    .where('c.post_id', '=', a.postId)
    .orderBy('c.created_at', 'asc')
    .orderBy('c.id', 'asc')
    .limit(a.limit)
    .offset(a.offset),
);

/** A post's comments, oldest first, without emails. */
export async function listPostComments(db: Db, postId: string, page: PaginationQuery): Promise<PublicComment[]> {
  const rows = await postComments.execute(db, { postId, limit: page.limit, offset: offsetOf(page) });
  return rows.map((r) => ({
    _id: r.id,
    comment: r.comment,
    commenter_name: r.name,
    commenter_photo: r.image,
    createdAt: r.created_at,
    postId: r.post_id,
  }));
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
      'c.id',
      'c.comment',
      'c.created_at',
      'c.post_id',
      'u.name as commenter_name',
      'u.email as commenter_email',
      'u.image as commenter_photo',
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
