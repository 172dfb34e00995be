// The queue's other two answers to a report, each confirmed first (Cancel has the focus):
// "Dismiss" (the report goes, the comment stays) and "Delete comment" (the comment goes, and
// its report with it). The outcome is told in a toast.
import type { Report } from '#shared/schemas/report.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/lib/toast.tsx';
import { useDeleteReportedComment } from '../api/delete-reported-comment.ts';
import { useDismissReport } from '../api/dismiss-report.ts';

interface ReportActionDialogProps {
  report: Report | null;
  onClose: () => void;
  /** After the report has left the queue (to step back from a page left empty). */
  onDone?: () => void;
}

export function DismissReportDialog({ report, onClose, onDone }: ReportActionDialogProps) {
  const dismiss = useDismissReport();
  return (
    <ConfirmDialog
      open={report !== null}
      subject="Dismiss this report?"
      text={report && `${report.commenter_name}'s comment stays on the post; only the report leaves the queue.`}
      confirmLabel="Dismiss"
      busy={dismiss.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!report) return;
        return dismiss.mutateAsync(report._id, {
          onSuccess: () => {
            toast.success('The report has been dismissed.');
            onDone?.();
          },
          onError: (error) => toast.error(`Could not dismiss the report: ${error.message}`),
          onSettled: onClose,
        });
      }}
    />
  );
}

export function DeleteReportedCommentDialog({ report, onClose, onDone }: ReportActionDialogProps) {
  const remove = useDeleteReportedComment();
  return (
    <ConfirmDialog
      open={report !== null}
      subject="Delete this comment?"
      text={report && `${report.commenter_name}'s comment leaves the post for good, and its report leaves the queue.`}
      confirmLabel="Delete comment"
      danger
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!report) return;
        return remove.mutateAsync(report, {
          onSuccess: () => {
            toast.success('The comment has been deleted.');
            onDone?.();
          },
          onError: (error) => toast.error(`Could not delete the comment: ${error.message}`),
          onSettled: onClose,
        });
      }}
    />
  );
}
