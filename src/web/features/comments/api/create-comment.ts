// POST /api/comment-data { postId, comment }: the commenter comes from the session. On
// success the post's comments (list and total) are fetched again, and the post lists (their
// comment counts) are fetched when next shown. Refused with 404 when the post was deleted
// meanwhile: the post is fetched again, so its page learns it is gone.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createCommentInputSchema, type CreateCommentInput } from '#shared/schemas/comment.ts';
import { postKeys } from '#web/features/posts/api/query-keys.ts';
import { api, isApiError } from '#web/lib/api-client.ts';
import { countedByRefetch } from './live-comments.ts';
import { commentKeys } from './query-keys.ts';

/** The form's part of the shared input: the comment text (required). */
export const commentFormSchema = createCommentInputSchema.pick({ comment: true });

export const createComment = (input: CreateCommentInput) => api.post<{ insertedId: string }>('/comment-data', input);

export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => createComment({ postId, comment }),
    onSuccess: ({ insertedId }) => {
      countedByRefetch(queryClient, insertedId);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: commentKeys.ofPost(postId) }),
        queryClient.invalidateQueries({ queryKey: postKeys.lists() }),
      ]);
    },
    // The post was deleted meanwhile: its page learns it is gone (shown once the dialog is left).
    onError: (error) => {
      if (isApiError(error) && error.code === 'NOT_FOUND') return queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
    },
  });
}
