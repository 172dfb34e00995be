import { PageHeader } from '#web/components/ui/page-header.tsx';
import { usePaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { ReportedCommentsTable } from '#web/features/reports/components/reported-comments-table.tsx';
import { paths } from '#web/config/paths.ts';

export function ReportedCommentPage() {
  const pagination = usePaginationParams();
  return (
    <div className="space-y-6">
      <PageHeader
        title={paths.dashboard.reportedComment.title}
        description="Comments members reported on their posts. Dismiss a report to keep the comment, delete the comment, or ban the commenter (the account and its reported comments go)."
      />
      <ReportedCommentsTable pagination={pagination} />
    </div>
  );
}
