// The `post` live event on home: new posts are counted, not slid into the list under the
// reader's eyes; "N new posts" brings them in when the reader asks.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Post } from '#shared/schemas/post.ts';
import { useLiveEvent } from '#web/lib/live-events.ts';
import { postKeys } from './query-keys.ts';

export const newPostsLabel = (count: number) => (count === 1 ? '1 new post' : `${count} new posts`);

/**
 * The posts published since the list was shown (`shown`: what it shows now; those are not
 * new), and `bringIn`, which fetches the lists again and forgets them.
 */
export function useNewPosts(shown: readonly Post[]): { count: number; bringIn: () => Promise<void> } {
  const queryClient = useQueryClient();
  const [arrived, setArrived] = useState<string[]>([]);
  useLiveEvent('post', (post) => setArrived((ids) => (ids.includes(post._id) ? ids : [...ids, post._id])));
  useLiveEvent('post-deleted', ({ postId }) => setArrived((ids) => (ids.includes(postId) ? ids.filter((id) => id !== postId) : ids)));
  const count = arrived.filter((id) => !shown.some((post) => post._id === id)).length;
  return {
    count,
    bringIn: async () => {
      setArrived([]);
      await queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  };
}
