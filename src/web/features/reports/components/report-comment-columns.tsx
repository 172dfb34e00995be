// The Feedback and Report columns of the comment details (SPEC.md §2): the post owner picks
// one feedback for a comment, then "Report To Admin"; a reported comment keeps both disabled,
// and so does the owner's own comment (the server refuses its report).
import { useState } from 'react';
import { REPORT_FEEDBACKS, type ReportFeedback } from '#shared/constants.ts';
import { canReportComment } from '#shared/permissions.ts';
import type { Comment } from '#shared/schemas/comment.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { Column } from '#web/components/ui/data-table.tsx';
import { useViewer } from '#web/lib/auth.ts';
import { toast } from '#web/lib/toast.tsx';
import { useOneAtATime } from '#web/lib/use-one-at-a-time.ts';
import { useReportComment } from '../api/report-comment.ts';

type ReportableComment = Pick<Comment, '_id' | 'reported' | 'authorId'>;

const isFeedback = (value: string): value is ReportFeedback => (REPORT_FEEDBACKS as readonly string[]).includes(value);

export function useReportCommentColumns(postId: string): Column<ReportableComment>[] {
  const report = useReportComment(postId);
  const viewer = useViewer().user;
  // The page lists the comments under the viewer's own post (no other member is answered them),
  // so of the rule only the comment's writer is left to tell.
  const ownComment = (c: ReportableComment) => viewer !== null && c.authorId === viewer.id;
  const reportable = (c: ReportableComment) =>
    !c.reported && canReportComment(viewer, { postAuthorId: viewer?.id ?? '', authorId: c.authorId });
  // The feedback picked in each row, by comment id.
  const [picked, setPicked] = useState<Record<string, ReportFeedback>>({});
  // One report on its way per comment, whatever the clicks.
  const once = useOneAtATime();

  return [
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
            {/* Under its label across the card on a phone: beside the label there it is cut to
                "Pick One Feedba". */}
            <select
              id={id}
              value={picked[c._id] ?? ''}
              disabled={!reportable(c)}
              onChange={(e) => {
                const value = e.target.value;
                if (isFeedback(value)) setPicked((current) => ({ ...current, [c._id]: value }));
              }}
              className="h-9 w-full min-w-0 rounded-lg border border-line bg-surface px-2 text-sm text-ink disabled:bg-canvas disabled:text-muted @max-lg:col-span-2 @2xl:w-44"
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
              disabled={!reportable(c) || feedback === undefined}
              isLoading={sending}
              onClick={() => {
                if (!feedback) return;
                once(
                  () =>
                    report.mutateAsync(
                      { commentId: c._id, ReportedComment: feedback },
                      {
                        onSuccess: () => toast.success('The comment has been reported to the admin.'),
                        onError: (reportError) => toast.error(reportError.message),
                      },
                    ),
                  c._id,
                );
              }}
            >
              Report To Admin
            </Button>
            {c.reported && <span className="text-xs font-medium text-muted">Reported</span>}
            {ownComment(c) && <span className="text-xs font-medium text-muted">Your comment</span>}
          </div>
        );
      },
    },
  ];
}
