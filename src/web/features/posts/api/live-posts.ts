// The `post` live event on home: new posts are counted, not slid into the list under the
// reader's eyes; "N new posts" brings them in when the reader asks. On a tag's page, only the
// posts its search finds count.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Post } from '#shared/schemas/post.ts';
import { useLiveEvent } from '#web/lib/live-events.ts';
import { postKeys } from './query-keys.ts';

export const newPostsLabel = (count: number) => (count === 1 ? '1 new post' : `${count} new posts`);

/**
 * The posts published since the list was shown (`shown`: what it shows now; those are not
 * new) that `belongs` to the list, and `bringIn`, which fetches the lists again and forgets them.
 * `list` names the list (its source and search): another list starts with none.
 */
export function useNewPosts(
  shown: readonly Post[],
  list: string,
  belongs: (post: Post) => boolean,
): { count: number; bringIn: () => Promise<void> } {
  const queryClient = useQueryClient();
  const [arrived, setArrived] = useState<{ list: string; ids: string[] }>({ list, ids: [] });
  const ids = arrived.list === list ? arrived.ids : [];
  useLiveEvent('post', (post) => {
    if (!belongs(post)) return;
    setArrived((was) => {
      const kept = was.list === list ? was.ids : [];
      return { list, ids: kept.includes(post._id) ? kept : [...kept, post._id] };
    });
  });
  useLiveEvent('post-deleted', ({ postId }) =>
    setArrived((was) => (was.ids.includes(postId) ? { ...was, ids: was.ids.filter((id) => id !== postId) } : was)),
  );
  const count = ids.filter((id) => !shown.some((post) => post._id === id)).length;
  return {
    count,
    bringIn: async () => {
      setArrived({ list, ids: [] });
      await queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  };
}
