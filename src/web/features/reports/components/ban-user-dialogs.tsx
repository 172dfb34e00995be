// Ban User: the same confirmation as a delete, then "Deleted!" / "The user and comment have
// been removed." or "Error!" / "Failed to delete user or comment." (SPEC.md §2, §8).
import { useState } from 'react';
import type { Report } from '#shared/schemas/report.ts';
import { ConfirmDialog, MessageDialog } from '#web/components/ui/confirm-dialog.tsx';
import { useBanUser } from '../api/ban-user.ts';

interface BanUserDialogsProps {
  report: Pick<Report, 'commenter_email' | 'commenter_name'> | null;
  onClose: () => void;
  onBanned?: () => void;
}

export function BanUserDialogs({ report, onClose, onBanned }: BanUserDialogsProps) {
  const banUser = useBanUser();
  const [outcome, setOutcome] = useState<'banned' | 'failed' | null>(null);
  const close = () => {
    setOutcome(null);
    onClose();
  };
  return (
    <>
      <ConfirmDialog
        open={report !== null && outcome === null}
        subject={report && `Ban ${report.commenter_name}?`}
        confirmLabel="Yes, delete it!"
        danger
        busy={banUser.isPending}
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
      <MessageDialog open={outcome === 'banned'} title="Deleted!" text="The user and comment have been removed." onClose={close} />
      <MessageDialog open={outcome === 'failed'} tone="error" title="Error!" text="Failed to delete user or comment." onClose={close} />
    </>
  );
}
