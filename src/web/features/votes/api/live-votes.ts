// The `votes` live event on a post page: the post's counts as stored now (the reader's own
// vote, myVote, stays as it is).
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLiveEvent } from '#web/lib/live-events.ts';
import type { VoteState } from './cast-vote.ts';

/** `postKey`: the query holding the post, as for useCastVote. */
export function useLiveVotes(postId: string, postKey: QueryKey): void {
  const queryClient = useQueryClient();
  useLiveEvent('votes', ({ postId: id, upVote, downVote }) => {
    if (id !== postId) return;
    queryClient.setQueryData<VoteState>(postKey, (current) => current && { ...current, upVote, downVote });
  });
}
