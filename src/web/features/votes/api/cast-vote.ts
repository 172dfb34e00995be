// PATCH /api/post-data/{upVote|downVote}/{id}: one vote per member per post, toggled or
// switched by the server (DESIGN.md "Deliberate differences"). The click shows at once
// (optimistic) on the cached post given by the caller, is rolled back if the server
// refuses, and is replaced by the server's counts when it answers; the post lists (their
// vote counts) are fetched when next shown.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { voteResultSchema, type PostDetail, type VoteDirection } from '#shared/schemas/post.ts';
import { nextVote, voteCountsDelta } from '#shared/votes.ts';
import { postKeys } from '#web/features/posts/api/query-keys.ts';
import { api, isApiError } from '#web/lib/api-client.ts';

/** What a vote changes on a post. */
export type VoteState = Pick<PostDetail, 'upVote' | 'downVote' | 'myVote'>;

export const castVote = (postId: string, direction: VoteDirection) =>
  api.patch(`/post-data/${direction}Vote/${encodeURIComponent(postId)}`, undefined, { schema: voteResultSchema });

/** What the server will do with a click (the shared rule), for the optimistic update. */
export function applyVote(state: VoteState, direction: VoteDirection): VoteState {
  const myVote = nextVote(state.myVote, direction);
  const { up, down } = voteCountsDelta(state.myVote, myVote);
  return { upVote: state.upVote + up, downVote: state.downVote + down, myVote };
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
      // The post is gone (deleted meanwhile): fetched again, the page says so.
      if (isApiError(error) && error.status === 404) void queryClient.invalidateQueries({ queryKey: postKey });
    },
    onSuccess: ({ upVote, downVote, myVote }) => {
      queryClient.setQueryData<VoteState>(postKey, (current) => current && { ...current, upVote, downVote, myVote });
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}
