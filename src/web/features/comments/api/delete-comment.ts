// DELETE /api/comment-data/{id} (the commenter or an admin) → { deletedCount }. The post's
// comments refresh, and so do the posts (their comment counts follow on the server).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema } from '#shared/schemas/common.ts';
import { postKeys } from '#web/features/posts/api/query-keys.ts';
import { api } from '#web/lib/api-client.ts';
import { commentKeys } from './query-keys.ts';

export const deleteComment = (id: string) => api.delete(`/comment-data/${encodeURIComponent(id)}`, { schema: deletedSchema });

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: commentKeys.ofPost(postId) }),
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
      ]),
  });
}
