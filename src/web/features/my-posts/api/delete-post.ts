// DELETE /api/post-delete/{id} (owner or admin) → { deletedCount }. The post goes with its
// comments, votes and reports, so the member's lists and count and the public lists refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema } from '#shared/schemas/common.ts';
import { api } from '#web/lib/api-client.ts';
import { memberPostKeys } from './query-keys.ts';

/** Root key of the public post lists (home, search, post detail). */
const PUBLIC_POSTS_KEY = ['posts'] as const;

export const deletePost = (id: string) => api.delete(`/post-delete/${encodeURIComponent(id)}`, { schema: deletedSchema });

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberPostKeys.all }),
        queryClient.invalidateQueries({ queryKey: PUBLIC_POSTS_KEY }),
      ]),
  });
}
