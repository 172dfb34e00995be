// One accessible modal: labelled by its title, focus moved in and kept inside, Escape and
// the backdrop close it, focus returns to where it was. Rendered into <body>.
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '#web/utils/cn.ts';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  /** role="alertdialog" for confirmations and results that need attention. */
  alert?: boolean;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog({ open, onClose, title, children, footer, alert = false, className }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });
  // What had the focus as the dialog opened: by the time the effect below runs, the dialog's
  // content may have taken the focus already (an editor focusing itself as it mounts).
  const [opened, setOpened] = useState<{ returnTo: HTMLElement | null } | null>(null);
  if (open && opened === null) setOpened({ returnTo: document.activeElement as HTMLElement | null });
  if (!open && opened !== null) setOpened(null);
  const returnTo = opened?.returnTo ?? null;

  useEffect(() => {
    if (!open) return;
    // Where the focus returns: where it is now, unless the content took it. (Now rather than as
    // it opened when it can: a dialog that replaces another gives it back to that one's opener.)
    const active = document.activeElement as HTMLElement | null;
    const previous = active !== null && panel.current?.contains(active) ? returnTo : active;
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      // An Escape the focused field took for itself (a code block's, see markdown-editor.tsx) keeps it open.
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.stopPropagation();
        onCloseRef.current();
      }
      if (e.key === 'Tab' && panel.current) {
        const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (items.length === 0) return;
        const [head, tail] = [items[0]!, items[items.length - 1]!];
        if (e.shiftKey && document.activeElement === head) {
          e.preventDefault();
          tail.focus();
        } else if (!e.shiftKey && document.activeElement === tail) {
          e.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open, returnTo]);

  if (!open) return null;
  return createPortal(
    // dialog-layer: on a phone it starts below where a toast shows (styles.css).
    <div className="dialog-layer fixed inset-0 z-50 flex items-center justify-center p-4">
      {/* Black, not ink: ink is near-white in dark mode, and the page must dim, not fade. */}
      <div className="absolute inset-0 bg-black/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        // cn() does not merge Tailwind classes: a width given by the caller replaces the default.
        // Never taller than the layer it is in: a long preview or message scrolls inside, so the
        // title and the buttons below it stay within reach (the page behind does not scroll).
        className={cn(
          'relative max-h-full w-full overflow-y-auto rounded-card bg-surface p-6 shadow-card outline-none',
          !/\bmax-w-/.test(className ?? '') && 'max-w-md',
          className,
        )}
      >
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {children && <div className="mt-3 text-sm text-muted">{children}</div>}
        {footer && <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
