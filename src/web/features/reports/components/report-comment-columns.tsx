// The Feedback and Report columns of the comment details (SPEC.md §2): the post owner picks
// one feedback for a comment, then "Report To Admin"; a reported comment keeps both disabled,
// and so does the owner's own comment (the server refuses its report). A pick not yet reported
// outlasts the page (a reload, a lapsed session sending the member to sign in): it is kept in
// this tab per member and post (session-draft.ts), and let go once the comment is reported or
// found gone.
import { useState } from 'react';
import { REPORT_FEEDBACKS, type ReportFeedback } from '#shared/constants.ts';
import { canReportComment } from '#shared/permissions.ts';
import type { Comment } from '#shared/schemas/comment.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { Column } from '#web/components/ui/data-table.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { useViewer } from '#web/lib/auth.ts';
import { readDraft, useDraftKey, writeDraft } from '#web/lib/session-draft.ts';
import { toast } from '#web/lib/toast.tsx';
import { useOneAtATime } from '#web/lib/use-one-at-a-time.ts';
import { useReportComment } from '../api/report-comment.ts';

type ReportableComment = Pick<Comment, '_id' | 'reported' | 'authorId'>;

const isFeedback = (value: unknown): value is ReportFeedback => (REPORT_FEEDBACKS as readonly unknown[]).includes(value);

/** The feedback picked in each row, by comment id. */
type Picks = Record<string, ReportFeedback>;

/** The picks kept under `key` that are still feedbacks offered. */
function keptPicks(key: string | null): Picks {
  const kept = key === null ? null : readDraft<Record<string, unknown>>(key);
  return Object.fromEntries(Object.entries(kept ?? {}).filter((entry): entry is [string, ReportFeedback] => isFeedback(entry[1])));
}

/** The picks of the viewer on the post, those kept taken up again; `forget` lets the tab's copy of one go. */
function usePicks(postId: string) {
  const draftKey = useDraftKey('report-feedback', postId);
  const [shown, setShown] = useState(() => ({ draftKey, picks: keptPicks(draftKey) }));
  // Another post or member (or the member known only now): the picks kept for them.
  if (shown.draftKey !== draftKey) setShown({ draftKey, picks: keptPicks(draftKey) });
  return {
    picks: shown.picks,
    pick: (commentId: string, feedback: ReportFeedback) => {
      setShown((was) => ({ ...was, picks: { ...was.picks, [commentId]: feedback } }));
      if (draftKey !== null) writeDraft(draftKey, { ...keptPicks(draftKey), [commentId]: feedback });
    },
    // Only the tab's copy: the row goes on showing what was reported. Read afresh, so the picks
    // made in other rows meanwhile stay.
    forget: (commentId: string) => {
      if (draftKey === null) return;
      const { [commentId]: _reported, ...others } = keptPicks(draftKey);
      writeDraft(draftKey, others);
    },
  };
}

export function useReportCommentColumns(postId: string): Column<ReportableComment>[] {
  const report = useReportComment(postId);
  const viewer = useViewer().user;
  // The page lists the comments under the viewer's own post (no other member is answered them),
  // so of the rule only the comment's writer is left to tell.
  const ownComment = (c: ReportableComment) => viewer !== null && c.authorId === viewer.id;
  const reportable = (c: ReportableComment) =>
    !c.reported && canReportComment(viewer, { postAuthorId: viewer?.id ?? '', authorId: c.authorId });
  const { picks: picked, pick, forget } = usePicks(postId);
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
                if (isFeedback(value)) pick(c._id, value);
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
                        onSuccess: () => {
                          forget(c._id);
                          toast.success('The comment has been reported to the admin.');
                        },
                        onError: (reportError) => {
                          // Reported already, or gone: nothing is left to send. (A lapsed session keeps it.)
                          if (isApiError(reportError) && (reportError.code === 'CONFLICT' || reportError.code === 'NOT_FOUND'))
                            forget(c._id);
                          toast.error(reportError.message);
                        },
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
