// PATCH /api/comment-data/{id} (the commenter or an admin) { comment, baseEditedAt? } →
// { modifiedCount }; the version before is kept. The post's comments and this comment's history
// refresh. Refused with 409 CONFLICT when the comment was edited since the version the editor
// started from: the comments are fetched again before the error shows, so the editor can offer
// the latest version. Refused with 404 NOT_FOUND when the comment was deleted meanwhile: the
// comments are fetched again too, to count it off (the editor and its text stay while open).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedSchema } from '#shared/schemas/common.ts';
import type { UpdateCommentInput } from '#shared/schemas/comment.ts';
import { api, isApiError } from '#web/lib/api-client.ts';
import { commentKeys } from './query-keys.ts';

export const updateComment = (id: string, input: UpdateCommentInput) =>
  api.patch(`/comment-data/${encodeURIComponent(id)}`, input, { schema: modifiedSchema });

export function useUpdateComment(postId: string, commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCommentInput) => updateComment(commentId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: commentKeys.ofPost(postId) }),
        queryClient.invalidateQueries({ queryKey: commentKeys.revisionsOf(commentId) }),
      ]),
    onError: (error) =>
      isApiError(error) && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')
        ? queryClient.invalidateQueries({ queryKey: commentKeys.ofPost(postId) })
        : undefined,
  });
}
