import { useParams } from 'react-router';
import { usePaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { CommentDetailsHeader } from '#web/features/posts/components/comment-details-header.tsx';
import { CommentDetailsTable } from '#web/features/comment-details/components/comment-details-table.tsx';

export function CommentDetailsPage() {
  const { id = '' } = useParams();
  const pagination = usePaginationParams();
  return (
    <div className="space-y-6">
      <CommentDetailsHeader postId={id} />
      <CommentDetailsTable postId={id} pagination={pagination} />
    </div>
  );
}
