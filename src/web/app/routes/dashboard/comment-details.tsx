import { useParams } from 'react-router';
import { usePaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { CommentDetailsTable } from '#web/features/comments/components/comment-details-table.tsx';
import { CommentDetailsHeader } from '#web/features/posts/components/comment-details-header.tsx';
import { useReportCommentColumns } from '#web/features/reports/components/report-comment-columns.tsx';

export function CommentDetailsPage() {
  const { id = '' } = useParams();
  const pagination = usePaginationParams();
  const reportColumns = useReportCommentColumns(id);
  return (
    <div className="space-y-6">
      <CommentDetailsHeader postId={id} />
      <CommentDetailsTable postId={id} pagination={pagination} actionColumns={reportColumns} />
    </div>
  );
}
