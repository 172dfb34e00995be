import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isPostgres } from '../../db/engine.ts';
import { prepared } from '../../db/prepared.ts';

type Db = Kysely<DB> | Transaction<DB>;

const lockedPost = prepared((db, a: { postId: string }) => db.selectFrom('posts').select('id').where('id', '=', a.postId).forUpdate());

/**
 * Holds the post's row until the transaction ends, so that votes on one post (a member's
 * double click included) run one after another and each reads the vote the one before left.
 * PostgreSQL only: SQLite runs its writers one at a time already and has no FOR UPDATE. The
 * vote moves that row's counters anyway, so this only takes the same lock earlier.
 */
export async function lockVoteTarget(db: Db, postId: string): Promise<void> {
  if (isPostgres(db)) await lockedPost.run(db, { postId });
}

const voteTarget = prepared((db, a: { postId: string; userId: string }) =>
  db
    .selectFrom('posts as p')
    .leftJoin('votes as v', (join) => join.onRef('v.post_id', '=', 'p.id').on('v.user_id', '=', a.userId))
    .select('v.value')
    .where('p.id', '=', a.postId),
);

/** Whether the post exists, and the member's current vote on it (1, −1 or null), in one read. */
export async function findVoteTarget(db: Db, postId: string, userId: string): Promise<{ existing: number | null } | null> {
  const row = await voteTarget.executeTakeFirst(db, { postId, userId });
  return row ? { existing: row.value ?? null } : null;
}

const newVote = prepared((db, a: { postId: string; userId: string; value: number; at: string }) =>
  db.insertInto('votes').values({ post_id: a.postId, user_id: a.userId, value: a.value, created_at: a.at }),
);

export async function insertVote(db: Db, postId: string, userId: string, value: number, at: string) {
  await newVote.run(db, { postId, userId, value, at });
}

const changedVote = prepared((db, a: { postId: string; userId: string; value: number; at: string }) =>
  db.updateTable('votes').set({ value: a.value, created_at: a.at }).where('post_id', '=', a.postId).where('user_id', '=', a.userId),
);

export async function updateVote(db: Db, postId: string, userId: string, value: number, at: string) {
  await changedVote.run(db, { postId, userId, value, at });
}

const withdrawnVote = prepared((db, a: { postId: string; userId: string }) =>
  db.deleteFrom('votes').where('post_id', '=', a.postId).where('user_id', '=', a.userId),
);

export async function deleteVote(db: Db, postId: string, userId: string) {
  await withdrawnVote.run(db, { postId, userId });
}
