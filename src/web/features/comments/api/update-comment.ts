// PATCH /api/comment-data/{id} (the commenter or an admin) { comment } → { modifiedCount };
// the version before is kept. The post's comments and this comment's history refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedSchema } from '#shared/schemas/common.ts';
import { api } from '#web/lib/api-client.ts';
import { commentKeys } from './query-keys.ts';

export const updateComment = (id: string, comment: string) =>
  api.patch(`/comment-data/${encodeURIComponent(id)}`, { comment }, { schema: modifiedSchema });

export function useUpdateComment(postId: string, commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => updateComment(commentId, comment),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: commentKeys.ofPost(postId) }),
        queryClient.invalidateQueries({ queryKey: commentKeys.revisionsOf(commentId) }),
      ]),
  });
}
