import { sql, type CompiledQuery } from 'kysely';
import { connectionShard } from '../../db/connection-shard.ts';
import type { Db } from '../../db/schema.ts';
import { type Args, prepared } from '../../db/prepared.ts';

// Every stored count of the forum, moved in the transaction of the write it counts (by the
// ledger, counters.ledger.ts) so that no read ever counts rows: site totals, a post's votes and
// comments, a tag's posts, a member's posts (their post limit). The moves are statements bound
// for db/combined-writes.ts: the ledger sends all of a write's moves at once.

export type CounterName = 'posts' | 'comments' | 'users' | 'announcements' | 'reports';

/**
 * A total is spread over up to this many rows: concurrent writes on PostgreSQL each move one of
 * them instead of queueing for a single row's lock until the one before commits.
 */
export const COUNTER_SHARDS = 64;

const counterValue = prepared((db, a: Args<{ name: CounterName }>) =>
  db
    .selectFrom('counters')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('value'), sql<number>`0`).as('value'))
    .where('name', '=', a.name),
);

const moveCounter = prepared((db, a: Args<{ name: CounterName; delta: number }>) =>
  db
    .insertInto('counters')
    .values({ name: a.name, shard: connectionShard(db, COUNTER_SHARDS), value: a.delta })
    .onConflict((oc) => oc.columns(['name', 'shard']).doUpdateSet({ value: sql`counters.value + ${a.delta}` })),
);

export async function readCounter(db: Db, name: CounterName): Promise<number> {
  const row = await counterValue.executeTakeFirst(db, { name });
  return Number(row?.value ?? 0);
}

export const siteCounterMove = (db: Db, name: CounterName, delta: number): CompiledQuery => moveCounter.bind(db, { name, delta });

/** Sets a total outright (the bulk recount): all of it in shard 0, the other shards gone. */
export async function setSiteCounter(db: Db, name: CounterName, value: number): Promise<void> {
  await db.deleteFrom('counters').where('name', '=', name).execute();
  await db.insertInto('counters').values({ name, shard: 0, value }).execute();
}

const postCounters = prepared((db, a: Args<{ postId: string; up: number; down: number; score: number; comments: number }>) =>
  db
    .updateTable('posts')
    .set({
      up_votes: sql`up_votes + ${a.up}`,
      down_votes: sql`down_votes + ${a.down}`,
      score: sql`score + ${a.score}`,
      comment_count: sql`comment_count + ${a.comments}`,
    })
    .where('id', '=', a.postId),
);

// SQLite rewrites the entries of every index over a column a statement sets, even when its
// value does not change: a comment that set `score` to itself rewrote the post's two popularity
// index entries (two more pages in its commit). A comment sets its count only.
const postCommentCount = prepared((db, a: Args<{ postId: string; comments: number }>) =>
  db
    .updateTable('posts')
    .set({ comment_count: sql`comment_count + ${a.comments}` })
    .where('id', '=', a.postId),
);

/** A post's stored votes (and score, up − down) and comments. */
export const postCountsMove = (db: Db, postId: string, delta: { up: number; down: number; comments: number }): CompiledQuery =>
  delta.up === 0 && delta.down === 0
    ? postCommentCount.bind(db, { postId, comments: delta.comments })
    : postCounters.bind(db, { postId, ...delta, score: delta.up - delta.down });

const tagPosts = prepared((db, a: Args<{ tag: string; delta: number }>) =>
  db
    .updateTable('tags')
    .set({ post_count: sql`post_count + ${a.delta}` })
    .where('tag', '=', a.tag),
);

export const tagPostCountMove = (db: Db, tag: string, delta: number): CompiledQuery => tagPosts.bind(db, { tag, delta });

const memberPosts = prepared((db, a: Args<{ memberId: string; delta: number }>) =>
  db
    .updateTable('users')
    .set({ post_count: sql`post_count + ${a.delta}` })
    .where('id', '=', a.memberId),
);

/** The member's posts in total: what the post limit counts. */
export const memberPostCountMove = (db: Db, memberId: string, delta: number): CompiledQuery => memberPosts.bind(db, { memberId, delta });
