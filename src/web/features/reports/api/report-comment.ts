// POST /api/reported-comment { commentId, ReportedComment } (owner of the comment's post)
// → { insertedId }; 409 when the comment was reported already. Either way the comment is
// marked reported in the cached comment details of the post, and the admin's queue is
// refreshed. 404 when the comment was removed since the list was loaded: the post's comments
// are fetched again, so it leaves the list instead of staying there to be reported again.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '#shared/page.ts';
import type { Comment } from '#shared/schemas/comment.ts';
import { insertedSchema } from '#shared/schemas/common.ts';
import type { CreateReportInput } from '#shared/schemas/report.ts';
import { commentKeys } from '#web/features/comments/api/query-keys.ts';
import { api, isApiError } from '#web/lib/api-client.ts';
import { reportKeys } from './query-keys.ts';

export const reportComment = (input: CreateReportInput) => api.post('/reported-comment', input, { schema: insertedSchema });

function markReported(queryClient: QueryClient, postId: string, commentId: string) {
  queryClient.setQueriesData<Page<Comment>>(
    { queryKey: commentKeys.detailPages(postId) },
    (page) => page && { ...page, items: page.items.map((c) => (c._id === commentId ? { ...c, reported: true } : c)) },
  );
}

export function useReportComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportComment,
    onSuccess: (_answer, { commentId }) => {
      markReported(queryClient, postId, commentId);
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
    },
    onError: (error, { commentId }) => {
      if (isApiError(error) && error.code === 'CONFLICT') markReported(queryClient, postId, commentId);
      if (isApiError(error) && error.code === 'NOT_FOUND') void queryClient.invalidateQueries({ queryKey: commentKeys.ofPost(postId) });
    },
  });
}
