// The `post-edited` live event on a post page: the post takes its new title, text and tag in
// place (the reader's own vote and right to delete it stay as they are). Not while the reader
// has the post's edit dialog open (open-editors.ts): it changes once they leave it, unless the
// post was found gone meanwhile.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Post, PostDetail } from '#shared/schemas/post.ts';
import { useLiveEvent } from '#web/lib/live-events.ts';
import { editorKeys, whenNotEditing } from '#web/lib/open-editors.ts';
import { postKeys } from './query-keys.ts';

/** The edit in the cached post, unless the cached one is newer (fetched again after the event was sent). */
export function applyLivePostEdit(queryClient: QueryClient, post: Post): void {
  const { title, description, descriptionHtml, category, excerpt, editedAt } = post;
  if (editedAt === null) return;
  // Fetched again since and not found (deleted while the reader edited it): writing the edit in
  // would make the query a success again, and bring the deleted post back on the page.
  if (queryClient.getQueryState(postKeys.detail(post._id))?.status === 'error') return;
  queryClient.setQueryData<PostDetail>(postKeys.detail(post._id), (current) =>
    current && (current.editedAt === null || current.editedAt <= editedAt)
      ? { ...current, title, description, descriptionHtml, category, excerpt, editedAt }
      : current,
  );
  // Its history, if open, shows the version this edit put aside.
  void queryClient.invalidateQueries({ queryKey: [...postKeys.detail(post._id), 'revisions'] });
}

export function useLivePostEdits(postId: string): void {
  const queryClient = useQueryClient();
  useLiveEvent('post-edited', (post) => {
    if (post._id === postId) whenNotEditing(editorKeys.post(postId), () => applyLivePostEdit(queryClient, post));
  });
}
