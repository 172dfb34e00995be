import { sql, type Kysely, type Transaction } from 'kysely';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { Post, VoteDirection } from '#shared/schemas/post.ts';
import type { DB } from '../../db/schema.ts';
import { offsetOf } from '../../lib/pagination.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type PostOrder = 'newest' | 'popularity';

function basePostQuery(db: Db) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .select([
      'p.id',
      'p.title',
      'p.description',
      'p.category',
      'p.created_at',
      'p.up_votes',
      'p.down_votes',
      'p.comment_count',
      'p.author_id',
      'u.name',
      'u.image',
    ]);
}

type PostRow = {
  id: string;
  title: string;
  description: string;
  category: string;
  created_at: string;
  up_votes: number;
  down_votes: number;
  comment_count: number;
  name: string;
  image: string | null;
};

/** The one mapping from a posts row to the wire shape of API.md. */
export const toPost = (r: PostRow): Post => ({
  _id: r.id,
  title: r.title,
  description: r.description,
  category: r.category,
  name: r.name,
  photo: r.image,
  time: r.created_at,
  upVote: Number(r.up_votes),
  downVote: Number(r.down_votes),
  commentCount: Number(r.comment_count),
});

/** A page of posts; each ordering is an index range scan (see the posts_*_idx indexes). */
export async function listPosts(
  db: Db,
  page: PaginationQuery,
  options: { order: PostOrder; categories?: string[]; authorId?: string },
): Promise<Post[]> {
  let q = basePostQuery(db);
  if (options.categories) q = q.where('p.category', 'in', options.categories);
  if (options.authorId) q = q.where('p.author_id', '=', options.authorId);
  if (options.order === 'popularity') q = q.orderBy('p.score', 'desc');
  const rows = await q
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(offsetOf(page))
    .execute();
  return rows.map(toPost);
}

export async function countPostsIn(db: Db, filter: { categories?: string[]; authorId?: string }): Promise<number> {
  let q = db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n'));
  if (filter.categories) q = q.where('category', 'in', filter.categories);
  if (filter.authorId) q = q.where('author_id', '=', filter.authorId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function findPostById(db: Db, id: string): Promise<(Post & { authorId: string }) | null> {
  const row = await basePostQuery(db).where('p.id', '=', id).executeTakeFirst();
  return row ? { ...toPost(row), authorId: row.author_id } : null;
}

export async function findPostOwner(db: Db, id: string): Promise<{ authorId: string; name: string; email: string } | null> {
  const row = await db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .select(['p.author_id', 'u.name', 'u.email'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  return row ? { authorId: row.author_id, name: row.name, email: row.email } : null;
}

export async function findMyVote(db: Db, postId: string, userId: string): Promise<VoteDirection | null> {
  const row = await db.selectFrom('votes').select('value').where('post_id', '=', postId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  return row.value > 0 ? 'up' : 'down';
}

/**
 * Takes one slot of the member's post limit, or none: a single conditional UPDATE, so parallel
 * requests cannot pass the limit together on either engine.
 */
export async function claimPostSlot(db: Db, userId: string, limits: { Bronze: number; Gold: number }): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ post_count: sql`post_count + 1` })
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('membership', '=', 'Gold'), eb('post_count', '<', limits.Gold)]),
        eb.and([eb('membership', '!=', 'Gold'), eb('post_count', '<', limits.Bronze)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertPost(
  db: Db,
  post: { id: string; authorId: string; title: string; description: string; category: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('posts')
    .values({
      id: post.id,
      author_id: post.authorId,
      title: post.title,
      description: post.description,
      category: post.category,
      created_at: post.createdAt,
    })
    .execute();
}

export async function addToPostCounters(db: Db, postId: string, delta: { up?: number; down?: number; comments?: number }) {
  const up = delta.up ?? 0;
  const down = delta.down ?? 0;
  const comments = delta.comments ?? 0;
  await db
    .updateTable('posts')
    .set({
      up_votes: sql`up_votes + ${up}`,
      down_votes: sql`down_votes + ${down}`,
      score: sql`score + ${up - down}`,
      comment_count: sql`comment_count + ${comments}`,
    })
    .where('id', '=', postId)
    .execute();
}

export async function readPostCounters(db: Db, postId: string): Promise<{ upVote: number; downVote: number }> {
  const row = await db.selectFrom('posts').select(['up_votes', 'down_votes']).where('id', '=', postId).executeTakeFirstOrThrow();
  return { upVote: Number(row.up_votes), downVote: Number(row.down_votes) };
}

/** Removes a post; its comments, votes and reports go with it (foreign keys cascade). */
export async function deletePostRow(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countReportsOnPost(db: Db, postId: string): Promise<number> {
  const row = await db
    .selectFrom('reports as r')
    .innerJoin('comments as c', 'c.id', 'r.comment_id')
    .where('c.post_id', '=', postId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function releasePostSlot(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ post_count: sql`post_count - 1` })
    .where('id', '=', userId)
    .where('post_count', '>', 0)
    .execute();
}

export async function readPostCount(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('users').select('post_count').where('id', '=', userId).executeTakeFirst();
  return Number(row?.post_count ?? 0);
}

export async function readPostMeta(db: Db, id: string): Promise<{ authorId: string; createdAt: string; commentCount: number } | null> {
  const row = await db.selectFrom('posts').select(['author_id', 'created_at', 'comment_count']).where('id', '=', id).executeTakeFirst();
  return row ? { authorId: row.author_id, createdAt: row.created_at, commentCount: Number(row.comment_count) } : null;
}
