// Ban User: the same confirmation as a delete, then "Deleted!" / "The user and comment have
// been removed." or "Error!" / "Failed to delete user or comment." (SPEC.md §2, §8). The
// confirmation asks the commenter's role as it opens, and its confirm button waits for the
// answer: another admin may have made the commenter an administrator since the queue loaded,
// and the server's 403 for banning one would sign this admin out (API.md). Such a commenter
// gets "… is an administrator now" with only Close, and the queue is read again.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { canBan } from '#shared/permissions.ts';
import type { Report } from '#shared/schemas/report.ts';
import { ConfirmDialog, MessageDialog } from '#web/components/ui/confirm-dialog.tsx';
import { useBanUser } from '../api/ban-user.ts';
import { useCommenterRole } from '../api/get-commenter-role.ts';
import { reportKeys } from '../api/query-keys.ts';

interface BanUserDialogsProps {
  report: Pick<Report, 'commenter_email' | 'commenter_name'> | null;
  onClose: () => void;
  onBanned?: () => void;
}

export function BanUserDialogs({ report, onClose, onBanned }: BanUserDialogsProps) {
  const queryClient = useQueryClient();
  const banUser = useBanUser();
  const [outcome, setOutcome] = useState<'banned' | 'failed' | null>(null);
  const asking = report !== null && outcome === null;
  const role = useCommenterRole(asking ? report.commenter_email : null);
  // A failed ask leaves the decision to the server, as before the role was asked.
  const adminNow = asking && role.data !== undefined && !canBan({ role: role.data });
  // The queue still shows the commenter as a member: read it again, so the row shows the role.
  useEffect(() => {
    if (adminNow) void queryClient.invalidateQueries({ queryKey: reportKeys.pages() });
  }, [adminNow, queryClient]);
  const close = () => {
    setOutcome(null);
    onClose();
  };
  return (
    <>
      <ConfirmDialog
        open={asking && !adminNow}
        subject={report && `Ban ${report.commenter_name}?`}
        confirmLabel="Yes, delete it!"
        danger
        busy={banUser.isPending}
        waiting={role.isPending}
        onCancel={onClose}
        onConfirm={() => {
          if (!report) return;
          return banUser.mutateAsync(report.commenter_email, {
            onSuccess: () => {
              setOutcome('banned');
              onBanned?.();
            },
            onError: () => setOutcome('failed'),
          });
        }}
      />
      <MessageDialog
        open={adminNow}
        tone="error"
        title="Cannot ban"
        text={report && `${report.commenter_name} is an administrator now: administrators cannot be banned.`}
        closeLabel="Close"
        onClose={onClose}
      />
      <MessageDialog open={outcome === 'banned'} title="Deleted!" text="The user and comment have been removed." onClose={close} />
      <MessageDialog open={outcome === 'failed'} tone="error" title="Error!" text="Failed to delete user or comment." onClose={close} />
    </>
  );
}
