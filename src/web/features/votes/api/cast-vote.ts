// PATCH /api/post-data/{upVote|downVote}/{id}: one vote per member per post, toggled or
// switched by the server (DESIGN.md "Deliberate differences"). The click shows at once
// (optimistic) on the cached post given by the caller, is rolled back if the server
// refuses, and is replaced by the server's counts when it answers.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { VoteDirection, VoteResult } from '#shared/schemas/post.ts';
import { api } from '#web/lib/api-client.ts';

export interface VoteState {
  upVote: number;
  downVote: number;
  myVote: VoteDirection | null;
}

export const castVote = (postId: string, direction: VoteDirection) =>
  api.patch<VoteResult>(`/post-data/${direction}Vote/${encodeURIComponent(postId)}`);

/** What the server will do with a click, for the optimistic update. */
export function applyVote(state: VoteState, direction: VoteDirection): VoteState {
  const next = { ...state };
  if (state.myVote === 'up') next.upVote -= 1;
  if (state.myVote === 'down') next.downVote -= 1;
  if (state.myVote === direction) {
    next.myVote = null;
  } else {
    next.myVote = direction;
    if (direction === 'up') next.upVote += 1;
    else next.downVote += 1;
  }
  return next;
}

/** `postKey`: the query holding the post (its data has upVote, downVote and myVote). */
export function useCastVote(postId: string, postKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (direction: VoteDirection) => castVote(postId, direction),
    onMutate: async (direction) => {
      await queryClient.cancelQueries({ queryKey: postKey });
      const previous = queryClient.getQueryData<VoteState>(postKey);
      if (previous) queryClient.setQueryData<VoteState>(postKey, { ...previous, ...applyVote(previous, direction) });
      return { previous };
    },
    onError: (error, _direction, context) => {
      if (context?.previous) queryClient.setQueryData(postKey, context.previous);
      // SPEC.md §8: vote failures are logged only; the counts go back to what they were.
      console.warn('The vote was not saved', error);
    },
    onSuccess: ({ upVote, downVote, myVote }) => {
      queryClient.setQueryData<VoteState>(postKey, (current) => current && { ...current, upVote, downVote, myVote });
    },
  });
}
