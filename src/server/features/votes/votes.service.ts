import type { Kysely } from 'kysely';
import type { VoteDirection, VoteResult } from '#shared/schemas/post.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/ids.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import { addActivity } from '../leaderboard/activity.queries.ts';
import { addToPostCounters, findPostOwner, readPostCounters } from '../posts/posts.queries.ts';
import { deleteVote, findVoteValue, insertVote, updateVote } from './votes.queries.ts';

/**
 * One vote per member per post: the same direction again withdraws it, the other direction
 * switches it. The post's counters and the author's points move in the same transaction.
 */
export async function castVote(db: Kysely<DB>, viewer: SessionViewer, postId: string, direction: VoteDirection): Promise<VoteResult> {
  const value = direction === 'up' ? 1 : -1;
  const at = nowIso();
  return db.transaction().execute(async (trx) => {
    const owner = await findPostOwner(trx, postId);
    if (!owner) throw notFound('post');
    const existing = await findVoteValue(trx, postId, viewer.id);
    let next: number | null;
    if (existing === value) {
      await deleteVote(trx, postId, viewer.id);
      next = null;
    } else if (existing === null) {
      await insertVote(trx, postId, viewer.id, value, at);
      next = value;
    } else {
      await updateVote(trx, postId, viewer.id, value, at);
      next = value;
    }
    const up = (next === 1 ? 1 : 0) - (existing === 1 ? 1 : 0);
    const down = (next === -1 ? 1 : 0) - (existing === -1 ? 1 : 0);
    await addToPostCounters(trx, postId, { up, down });
    // Points received: +1 per up vote, −1 per down vote, booked on today's tally.
    await addActivity(trx, owner.authorId, { points: up - down }, at);
    const counts = await readPostCounters(trx, postId);
    return { modifiedCount: 1, ...counts, myVote: next === null ? null : next > 0 ? 'up' : 'down' };
  });
}
