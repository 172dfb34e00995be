import type { VoteDirection } from '#shared/schemas/post.ts';
import { type Args, prepared } from '../../db/prepared.ts';
import { lockingRead } from '../../db/row-lock.ts';
import type { Db } from '../../db/schema.ts';

const targetPost = prepared((db, a: Args<{ postId: string }>) =>
  lockingRead(
    db,
    db.selectFrom('posts').select(['author_id', 'up_votes', 'down_votes']).where('id', '=', a.postId),
    'posts',
    'no key update',
  ),
);

const voteOf = prepared((db, a: Args<{ postId: string; userId: string }>) =>
  db.selectFrom('votes').select('value').where('post_id', '=', a.postId).where('user_id', '=', a.userId),
);

/**
 * The post a member votes on, with its stored counts, and the member's current vote on it; the
 * post's row is held until the transaction ends, so votes on it (a member's double click
 * included) are decided one after another. The vote is read by a second statement, after the
 * row is held: on PostgreSQL a statement that waited for the row still sees the rest as it was
 * when it began, and would miss the vote the one before it wrote. Null when there is no post.
 */
export async function findVoteTarget(
  db: Db,
  postId: string,
  userId: string,
): Promise<{ authorId: string; upVotes: number; downVotes: number; existing: VoteDirection | null } | null> {
  const post = await targetPost.executeTakeFirst(db, { postId });
  if (!post) return null;
  const vote = await voteOf.executeTakeFirst(db, { postId, userId });
  const existing = vote ? (vote.value > 0 ? 'up' : 'down') : null;
  return { authorId: post.author_id, upVotes: Number(post.up_votes), downVotes: Number(post.down_votes), existing };
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

/** Stores the member's vote as it now is: added, switched (dated now) or withdrawn. */
export async function storeVote(
  db: Db,
  v: { postId: string; userId: string; before: VoteDirection | null; after: VoteDirection | null; at: string },
): Promise<void> {
  if (v.after === null) await withdrawnVote.run(db, v);
  else if (v.before === null) await newVote.run(db, { ...v, value: valueOf(v.after) });
  else await changedVote.run(db, { ...v, value: valueOf(v.after) });
}

const voteCounts = prepared((db, a: Args<{ postId: string }>) =>
  db.selectFrom('posts').select(['up_votes', 'down_votes']).where('id', '=', a.postId),
);

/** A post's stored vote counts, or null when there is no such post. */
export async function readVoteCounts(db: Db, postId: string): Promise<{ upVote: number; downVote: number } | null> {
  const row = await voteCounts.executeTakeFirst(db, { postId });
  return row ? { upVote: Number(row.up_votes), downVote: Number(row.down_votes) } : null;
}
