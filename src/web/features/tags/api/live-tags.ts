// The `tags` live event: an admin created, renamed or removed a tag. The tag lists (home's
// chips, the composer's choice) are read again, and when posts now show another tag's name
// (a rename, or a removal that moved them), every post query and search result too.
import { useQueryClient } from '@tanstack/react-query';
import { postKeys } from '#web/features/posts/api/query-keys.ts';
import { searchKeys } from '#web/features/search/api/query-keys.ts';
import { useLiveEvent } from '#web/lib/live-events.ts';
import { tagKeys } from './query-keys.ts';

export function useLiveTags(): void {
  const queryClient = useQueryClient();
  useLiveEvent('tags', ({ postsRetagged }) => {
    void queryClient.invalidateQueries({ queryKey: tagKeys.list() });
    if (!postsRetagged) return;
    void queryClient.invalidateQueries({ queryKey: postKeys.all });
    void queryClient.invalidateQueries({ queryKey: searchKeys.all });
  });
}
