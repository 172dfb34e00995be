// Comments on the member's post: Commenter Name, Commenter Email, Comment, then the columns
// the page adds (Feedback and Report, from the reports), paged (SPEC.md §2 "Comment details").
import type { Comment } from '#shared/schemas/comment.ts';
import { CommentCell } from '#web/components/markdown/comment-cell.tsx';
import { DataTable, type Column } from '#web/components/ui/data-table.tsx';
import { EmailText } from '#web/components/ui/email-text.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import type { PaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { useCommentDetails } from '../api/get-comment-details.ts';

interface CommentDetailsTableProps {
  postId: string;
  pagination: PaginationParams;
  /** Columns after the comment's own (what the post owner can do with each comment). */
  actionColumns?: Column<Comment>[];
}

const columns: Column<Comment>[] = [
  { header: 'Commenter Name', cell: (c) => <span className="font-medium text-ink">{c.commenter_name}</span> },
  { header: 'Commenter Email', cell: (c) => <EmailText email={c.commenter_email} className="text-muted" /> },
  {
    header: 'Comment',
    cell: (c) => <CommentCell html={c.commentHtml} commenterName={c.commenter_name} />,
    className: '@2xl:min-w-40',
  },
];

export function CommentDetailsTable({ postId, pagination, actionColumns = [] }: CommentDetailsTableProps) {
  const { page, size, setPage, setSize } = pagination;
  const { data, error, isPending } = useCommentDetails(postId, { page, limit: size });
  const total = data?.total ?? 0;

  return (
    <DataTable
      caption="Comments on this post"
      columns={[...columns, ...actionColumns]}
      rows={data?.items ?? []}
      rowKey={(c) => c._id}
      isPending={isPending}
      loadingLabel="Loading the comments…"
      error={error ? `Could not load the comments: ${error.message}` : null}
      empty="No one has commented on this post yet."
      footer={
        total > 0 && (
          <Pagination page={page} size={size} total={total} onPageChange={setPage} onSizeChange={setSize} label="Comment pages" />
        )
      }
    />
  );
}
