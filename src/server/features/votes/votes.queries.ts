import type { VoteDirection } from '#shared/schemas/post.ts';
import { type Args, prepared } from '../../db/prepared.ts';
import { isPostgres } from '../../db/engine.ts';
import { lockingRead } from '../../db/row-lock.ts';
import type { Db } from '../../db/schema.ts';

/** Takes the post's row until the transaction ends (PostgreSQL; see findVoteTarget). */
const holdPost = prepared((db, a: Args<{ postId: string }>) =>
  lockingRead(db, db.selectFrom('posts').select('id').where('id', '=', a.postId), 'posts', 'no key update'),
);

const voteTarget = prepared((db, a: Args<{ postId: string; userId: string }>) =>
  db
    .selectFrom('posts as p')
    .leftJoin('votes as v', (join) => join.onRef('v.post_id', '=', 'p.id').on('v.user_id', '=', a.userId))
    .select(['p.author_id', 'p.up_votes', 'p.down_votes', 'v.value', 'v.created_at as vote_at'])
    .select((eb) => eb.selectFrom('users').select('banned_at').where('id', '=', a.userId).as('voter_banned_at'))
    .where('p.id', '=', a.postId),
);

/**
 * The post a member votes on, with its stored counts, the member's current vote on it (and when
 * it was cast) and whether the member is banned (a ban may have committed after the request's
 * session was read); the post's row is held until the transaction ends, so votes on it (a member's double
 * click included) are decided one after another. On PostgreSQL the row is taken by a statement of
 * its own, before the one that reads: a statement that waited for the row still sees the rest
 * as it was when it began, and would miss the vote the one before it wrote, while the next
 * statement begins after the wait. The taking travels with the read (db/deferred.ts), so the
 * two cost one round trip. SQLite runs one writer at a time and reads at once. Null when
 * there is no post.
 */
export async function findVoteTarget(
  db: Db,
  postId: string,
  userId: string,
): Promise<{
  authorId: string;
  upVotes: number;
  downVotes: number;
  existing: VoteDirection | null;
  /** When the member's current vote was cast (or last switched); null with no vote. */
  existingAt: string | null;
  voterBanned: boolean;
} | null> {
  if (isPostgres(db)) await holdPost.runDeferrable(db, { postId });
  const row = await voteTarget.executeTakeFirst(db, { postId, userId });
  if (!row) return null;
  const existing = row.value === null ? null : row.value > 0 ? 'up' : 'down';
  return {
    authorId: row.author_id,
    upVotes: Number(row.up_votes),
    downVotes: Number(row.down_votes),
    existing,
    existingAt: existing === null ? null : row.vote_at,
    voterBanned: row.voter_banned_at != null,
  };
}

const newVote = prepared((db, a: Args<{ postId: string; userId: string; value: number; at: string }>) =>
  db.insertInto('votes').values({ post_id: a.postId, user_id: a.userId, value: a.value, created_at: a.at }),
);

const changedVote = prepared((db, a: Args<{ postId: string; userId: string; value: number; at: string }>) =>
  db.updateTable('votes').set({ value: a.value, created_at: a.at }).where('post_id', '=', a.postId).where('user_id', '=', a.userId),
);

const withdrawnVote = prepared((db, a: Args<{ postId: string; userId: string }>) =>
  db.deleteFrom('votes').where('post_id', '=', a.postId).where('user_id', '=', a.userId),
);

const valueOf = (direction: VoteDirection) => (direction === 'up' ? 1 : -1);

/** Stores the member's vote as it now is: added, switched (dated now) or withdrawn (nothing is read back). */
export async function storeVote(
  db: Db,
  v: { postId: string; userId: string; before: VoteDirection | null; after: VoteDirection | null; at: string },
): Promise<void> {
  if (v.after === null) await withdrawnVote.runDeferrable(db, v);
  else if (v.before === null) await newVote.runDeferrable(db, { ...v, value: valueOf(v.after) });
  else await changedVote.runDeferrable(db, { ...v, value: valueOf(v.after) });
}
