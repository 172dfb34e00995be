import type { VoteDirection, VoteResult } from '#shared/schemas/post.ts';
import { nextVote, voteCountsDelta } from '#shared/votes.ts';
import { banned, notFound } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/ids.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { findVoteTarget, storeVote } from './votes.queries.ts';

/**
 * One vote per member per post (nextVote): the same direction again withdraws it, the other
 * direction switches it. The answer gives the counts as this vote leaves them; the ledger
 * moves the stored ones, and the author's points, in the same transaction.
 */
export async function castVote(writes: WritePath, viewer: SessionViewer, postId: string, direction: VoteDirection): Promise<VoteResult> {
  const at = nowIso();
  return writes.run(async (w) => {
    const target = await findVoteTarget(w.trx, postId, viewer.id);
    if (!target) throw notFound('post');
    // The session was read before this transaction: a ban may have landed in between.
    if (target.voterBanned) throw banned();
    const before = target.existing;
    const after = nextVote(before, direction);
    await storeVote(w.trx, { postId, userId: viewer.id, before, after, at });
    const moved = voteCountsDelta(before, after);
    // The post's row is held, so these are the counts this vote's commit leaves.
    const counts = { upVote: target.upVotes + moved.up, downVote: target.downVotes + moved.down };
    w.record({
      type: 'vote.cast',
      postId,
      postAuthorId: target.authorId,
      voterId: viewer.id,
      before,
      beforeAt: target.existingAt,
      after,
      at,
      counts,
    });
    return { modifiedCount: 1, ...counts, myVote: after };
  });
}
