import type { ReactNode } from 'react';
import { useOneAtATime } from '#web/lib/use-one-at-a-time.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title?: string;
  /** What is at stake, named ("Delete "Hooks in depth"?"), above the text. */
  subject?: ReactNode;
  text?: ReactNode;
  /** SPEC.md §9 dialog defaults: confirm "OK", cancel "Cancel". */
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  /** The confirm button waits (ignoring clicks) for something the dialog still asks; Cancel stays open. */
  waiting?: boolean;
  /** Which button has the focus when it opens: the safe choice unless a caller says otherwise. */
  focus?: 'confirm' | 'cancel';
  /**
   * A promise it answers (e.g. `mutateAsync`) holds the confirm button: a second click (a
   * double click) before it settles is ignored. Its rejection is the caller's to show.
   */
  onConfirm: () => unknown;
  onCancel: () => void;
}

/**
 * The confirmation of SPEC.md ("Are you sure?" / "You won't be able to revert this!"). Focus
 * starts on the safe choice, so Enter never deletes or bans by accident.
 */
export function ConfirmDialog({
  open,
  title = 'Are you sure?',
  subject,
  text = "You won't be able to revert this!",
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  waiting = false,
  focus = 'cancel',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const once = useOneAtATime();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      alert
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus={focus === 'cancel' || undefined}>
            {cancelLabel}
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            onClick={() => once(onConfirm)}
            isLoading={busy || waiting}
            data-autofocus={focus === 'confirm' || undefined}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {subject && <p className="mb-2 font-semibold text-ink">{subject}</p>}
      {text}
    </Dialog>
  );
}

interface MessageDialogProps {
  open: boolean;
  title: string;
  text?: ReactNode;
  tone?: 'success' | 'error';
  onClose: () => void;
  closeLabel?: string;
}

/** A result message ("Deleted!" / "Your event has been deleted.", "Error!" …) with an OK button. */
export function MessageDialog({ open, title, text, tone = 'success', onClose, closeLabel = 'OK' }: MessageDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      alert={tone === 'error'}
      title={<span className={tone === 'error' ? 'text-danger-700' : 'text-success-700'}>{title}</span>}
      footer={
        <Button onClick={onClose} data-autofocus>
          {closeLabel}
        </Button>
      }
    >
      {text}
    </Dialog>
  );
}
