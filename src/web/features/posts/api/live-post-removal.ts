// The `post-deleted` live event on a post page: the post is asked for again, so the reader sees
// it is gone (the answer is 404: "Post not found") instead of a post whose votes and comments can
// no longer be sent.
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '#web/lib/live-events.ts';
import { postKeys } from './query-keys.ts';

export function useLivePostRemoval(postId: string): void {
  const queryClient = useQueryClient();
  useLiveEvent('post-deleted', ({ postId: id }) => {
    if (id === postId) void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
  });
}
