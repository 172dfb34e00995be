// DELETE /api/post-delete/{id} (owner or admin) → { deletedCount }. The post goes with its
// comments, votes and reports, so every post query refreshes: the member's lists and count,
// the public lists and the post's own page.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema } from '#shared/schemas/common.ts';
import { api } from '#web/lib/api-client.ts';
import { postKeys } from './query-keys.ts';

export const deletePost = (id: string) => api.delete(`/post-delete/${encodeURIComponent(id)}`, { schema: deletedSchema });

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
