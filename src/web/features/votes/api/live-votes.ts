// The `votes` live event on a post page: the post's counts as stored now (the reader's own
// vote, myVote, stays as it is). Only a post still held: votes sent before its removal may come
// after it (the events pass through more than one server).
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLiveEvent } from '#web/lib/live-events.ts';
import type { VoteState } from './cast-vote.ts';

/** `postKey`: the query holding the post, as for useCastVote. */
export function useLiveVotes(postId: string, postKey: QueryKey): void {
  const queryClient = useQueryClient();
  useLiveEvent('votes', ({ postId: id, upVote, downVote }) => {
    if (id !== postId) return;
    // Fetched again since and not found (deleted): the query keeps the post's last data, and
    // writing the counts in would make it a success again, the deleted post back on the page.
    if (queryClient.getQueryState(postKey)?.status === 'error') return;
    queryClient.setQueryData<VoteState>(postKey, (current) => current && { ...current, upVote, downVote });
  });
}
