// Reported Comment: the paged queue Comment Id, Reported Comment (the text as it was reported,
// "See More" showing it as readers did, and a link to the comment on its post), Feedback (with
// who reported it and when), Commenter Email, Actions ("Ban User", "Dismiss", "Delete comment")
// (SPEC.md §2, API.md "Moderation and members").
import { useState } from 'react';
import { Link } from 'react-router';
import { canBan } from '#shared/permissions.ts';
import type { Report } from '#shared/schemas/report.ts';
import { CommentCell } from '#web/components/markdown/comment-cell.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { DataTable, type Column } from '#web/components/ui/data-table.tsx';
import { EmailText } from '#web/components/ui/email-text.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { RelativeTime } from '#web/components/ui/relative-time.tsx';
import { useLastPageWhenPastTheEnd, type PaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { paths } from '#web/config/paths.ts';
import { useReports } from '../api/get-reports.ts';
import { BanUserDialogs } from './ban-user-dialogs.tsx';
import { DeleteReportedCommentDialog, DismissReportDialog } from './report-action-dialogs.tsx';

/** How much of a reported comment's text its cell shows; "See More" opens the whole of it. */
const REPORTED_COMMENT_PREVIEW_LENGTH = 120;

export function ReportedCommentsTable({ pagination }: { pagination: PaginationParams }) {
  const { page, size, setPage, setSize } = pagination;
  const { data, error, isPending, isSuccess, isPlaceholderData } = useReports({ page, limit: size });
  const [banning, setBanning] = useState<Report | null>(null);
  const [dismissing, setDismissing] = useState<Report | null>(null);
  const [deleting, setDeleting] = useState<Report | null>(null);
  const rows = data?.items ?? [];
  const total = data?.total ?? 0;
  // The last row of a later page gone: show the page before, not an empty one.
  const leftQueue = () => {
    if (rows.length === 1 && page > 0) setPage(page - 1);
  };
  // A ban takes every report of the commenter: the last page still holding reports, not "The queue is clear".
  useLastPageWhenPastTheEnd({ page, size, setPage }, isSuccess && !isPlaceholderData ? { items: rows.length, total } : null);

  const columns: Column<Report>[] = [
    {
      header: 'Comment Id',
      cell: (r) => <code className="font-mono text-xs break-all text-muted">{r.commentId}</code>,
      className: '@2xl:max-w-40',
    },
    {
      header: 'Reported Comment',
      cell: (r) => (
        <div className="flex min-w-0 flex-col gap-1">
          <CommentCell html={r.commentHtml} commenterName={r.commenter_name} length={REPORTED_COMMENT_PREVIEW_LENGTH} />
          {/* The post page scrolls to and highlights #comment-{id}. */}
          <Link
            to={paths.postDetails.getHref(r.postId, r.commentId)}
            className="w-fit text-xs font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:underline"
          >
            View on post
          </Link>
        </div>
      ),
      className: '@2xl:min-w-56',
    },
    {
      header: 'Feedback',
      cell: (r) => (
        <div className="flex min-w-0 flex-col gap-1">
          <span className="inline-flex w-fit rounded-md bg-danger-50 px-2 py-1 text-xs leading-snug font-semibold text-danger-700 @2xl:min-w-36">
            {r.ReportedComment}
          </span>
          <span className="text-xs break-words text-muted">
            Reported by <span className="font-medium text-ink">{r.reporter.name}</span> <RelativeTime value={r.reportedAt} />
          </span>
        </div>
      ),
    },
    { header: 'Commenter Email', cell: (r) => <EmailText email={r.commenter_email} className="text-muted" /> },
    {
      header: 'Actions',
      cell: (r) => {
        // Administrators cannot be banned; the server would refuse. Said in the row, not on hover:
        // a disabled button takes no focus, and a phone has no hover.
        const bannable = canBan({ role: r.commenter_role });
        return (
          <div className="flex flex-wrap items-center gap-2 @2xl:min-w-40">
            <Button variant="danger" size="sm" disabled={!bannable} onClick={() => setBanning(r)}>
              Ban User
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setDismissing(r)}>
              Dismiss
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setDeleting(r)}>
              Delete comment
            </Button>
            {!bannable && <span className="text-xs font-medium text-muted">An administrator: cannot be banned</span>}
          </div>
        );
      },
    },
  ];

  return (
    <>
      <DataTable
        caption="Reported comments"
        columns={columns}
        rows={rows}
        rowKey={(r) => r._id}
        isPending={isPending}
        loadingLabel="Loading the reported comments…"
        error={error ? `Could not load the reported comments: ${error.message}` : null}
        empty="No reported comments. The queue is clear."
        footer={
          total > 0 && (
            <Pagination page={page} size={size} total={total} onPageChange={setPage} onSizeChange={setSize} label="Report pages" />
          )
        }
      />
      <BanUserDialogs report={banning} onClose={() => setBanning(null)} onBanned={leftQueue} />
      <DismissReportDialog report={dismissing} onClose={() => setDismissing(null)} onDone={leftQueue} />
      <DeleteReportedCommentDialog report={deleting} onClose={() => setDeleting(null)} onDone={leftQueue} />
    </>
  );
}
