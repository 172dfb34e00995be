import type { Kysely } from 'kysely';
import type { VoteDirection, VoteResult } from '#shared/schemas/post.ts';
import type { DB } from '../../db/schema.ts';
import { inWriteTransaction } from '../../db/write-transactions.ts';
import { notFound } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/ids.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import { addActivity } from '../leaderboard/activity.queries.ts';
import { contentChanged } from '../../lib/read-cache.ts';
import { movePostCounters } from '../posts/posts.queries.ts';
import { deleteVote, findVoteTarget, insertVote, lockVoteTarget, updateVote } from './votes.queries.ts';

/**
 * One vote per member per post: the same direction again withdraws it, the other direction
 * switches it. The post's counters and the author's points move in the same transaction.
 */
export async function castVote(db: Kysely<DB>, viewer: SessionViewer, postId: string, direction: VoteDirection): Promise<VoteResult> {
  const value = direction === 'up' ? 1 : -1;
  const at = nowIso();
  const result = await inWriteTransaction(db, async (trx): Promise<VoteResult> => {
    await lockVoteTarget(trx, postId);
    const target = await findVoteTarget(trx, postId, viewer.id);
    if (!target) throw notFound('post');
    const { existing } = target;
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
    const post = await movePostCounters(trx, postId, { up, down });
    if (!post) throw notFound('post');
    // Points received: +1 per up vote, −1 per down vote, booked on today's tally.
    await addActivity(trx, post.authorId, { points: up - down }, at);
    return { modifiedCount: 1, upVote: post.upVote, downVote: post.downVote, myVote: next === null ? null : next > 0 ? 'up' : 'down' };
  });
  await contentChanged(db);
  return result;
}
