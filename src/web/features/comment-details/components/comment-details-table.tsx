// Comments on the member's post: Commenter Name, Commenter Email, Comment, Feedback, Report,
// paged (SPEC.md §2 "Comment details").
import { useState } from 'react';
import { REPORT_FEEDBACKS, type ReportFeedback } from '#shared/constants.ts';
import type { Comment } from '#shared/schemas/comment.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DataTable, type Column } from '#web/components/ui/data-table.tsx';
import { EmailText } from '#web/components/ui/email-text.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import type { PaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { toast } from '#web/lib/toast.tsx';
import { usePostComments } from '../api/get-post-comments.ts';
import { useReportComment } from '../api/report-comment.ts';
import { CommentCell } from './comment-cell.tsx';

interface CommentDetailsTableProps {
  postId: string;
  pagination: PaginationParams;
}

const isFeedback = (value: string): value is ReportFeedback => (REPORT_FEEDBACKS as readonly string[]).includes(value);

export function CommentDetailsTable({ postId, pagination }: CommentDetailsTableProps) {
  const { page, size, setPage, setSize } = pagination;
  const { data, error, isPending } = usePostComments(postId, { page, limit: size });
  const report = useReportComment(postId);
  // The feedback picked in each row, by comment id.
  const [picked, setPicked] = useState<Record<string, ReportFeedback>>({});
  const total = data?.total ?? 0;

  const columns: Column<Comment>[] = [
    { header: 'Commenter Name', cell: (c) => <span className="font-medium break-words text-ink">{c.commenter_name}</span> },
    { header: 'Commenter Email', cell: (c) => <EmailText email={c.commenter_email} className="text-muted" /> },
    {
      header: 'Comment',
      cell: (c) => <CommentCell comment={c.comment} commenterName={c.commenter_name} />,
      className: '@2xl:min-w-40',
    },
    {
      header: 'Feedback',
      labelled: true,
      cell: (c) => {
        const id = `feedback-${c._id}`;
        return (
          <>
            <label htmlFor={id} className="text-xs font-semibold tracking-wide text-muted uppercase @2xl:sr-only">
              Feedback
            </label>
            <select
              id={id}
              value={picked[c._id] ?? ''}
              disabled={c.reported}
              onChange={(e) => {
                const value = e.target.value;
                if (isFeedback(value)) setPicked((current) => ({ ...current, [c._id]: value }));
              }}
              className="h-9 w-full min-w-0 rounded-lg border border-line bg-surface px-2 text-sm text-ink disabled:bg-canvas disabled:text-muted @2xl:w-44"
            >
              <option value="" disabled>
                Pick One Feedback
              </option>
              {REPORT_FEEDBACKS.map((feedback) => (
                <option key={feedback} value={feedback}>
                  {feedback}
                </option>
              ))}
            </select>
          </>
        );
      },
    },
    {
      header: 'Report',
      cell: (c) => {
        const feedback = picked[c._id];
        const sending = report.isPending && report.variables?.commentId === c._id;
        return (
          <div className="flex flex-wrap items-center gap-2">
            <Button
              size="sm"
              variant="danger"
              disabled={c.reported || feedback === undefined}
              isLoading={sending}
              onClick={() => {
                if (!feedback) return;
                report.mutate(
                  { commentId: c._id, ReportedComment: feedback },
                  {
                    onSuccess: () => toast.success('The comment has been reported to the admin.'),
                    onError: (reportError) => toast.error(reportError.message),
                  },
                );
              }}
            >
              Report To Admin
            </Button>
            {c.reported && <span className="text-xs font-medium text-muted">Reported</span>}
          </div>
        );
      },
    },
  ];

  return (
    <DataTable
      caption="Comments on this post"
      columns={columns}
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
