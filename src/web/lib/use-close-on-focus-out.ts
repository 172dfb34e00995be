// A panel that opens over the page below the top bar (the small-screen menu, the small-screen
// search) closes once the focus moves on past it and the button that opened it: left open, it
// would lie over the field or link the keyboard goes to next.
import { useEffect, type RefObject } from 'react';

export function useCloseOnFocusOut(
  open: boolean,
  close: () => void,
  panel: RefObject<HTMLElement | null>,
  opener: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !opener.current?.contains(target)) close();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [open, close, panel, opener]);
}
