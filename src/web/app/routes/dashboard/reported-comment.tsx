import { PageHeader } from '#web/components/ui/page-header.tsx';
import { usePaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { ReportedCommentsTable } from '#web/features/reports/components/reported-comments-table.tsx';

export function ReportedCommentPage() {
  const pagination = usePaginationParams();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Reported Comments"
        description="Comments members reported on their posts. Banning a commenter removes the account and its reported comments."
      />
      <ReportedCommentsTable pagination={pagination} />
    </div>
  );
}
