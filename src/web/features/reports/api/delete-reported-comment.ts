// "Delete comment": DELETE /api/comment-data/{id} (an admin may delete any comment) →
// { deletedCount }. The comment leaves its post and, with its report, the queue; the post's
// comments, the posts and the site totals refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema } from '#shared/schemas/common.ts';
import type { Report } from '#shared/schemas/report.ts';
import { adminKeys } from '#web/features/admin/api/query-keys.ts';
import { commentKeys } from '#web/features/comments/api/query-keys.ts';
import { postKeys } from '#web/features/posts/api/query-keys.ts';
import { api } from '#web/lib/api-client.ts';
import { reportKeys } from './query-keys.ts';

export const deleteReportedComment = (commentId: string) =>
  api.delete(`/comment-data/${encodeURIComponent(commentId)}`, { schema: deletedSchema });

export function useDeleteReportedComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: Pick<Report, 'commentId' | 'postId'>) => deleteReportedComment(report.commentId),
    onSettled: (_answer, _error, report) =>
      Promise.all(
        [reportKeys.all, commentKeys.ofPost(report.postId), postKeys.all, adminKeys.stats()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
