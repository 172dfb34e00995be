// A panel that opens over the page below the top bar (the small-screen menu, the small-screen
// search) closes once the reader leaves it and the button that opened it: the focus moving on
// past them (left open, it would lie over the field or link the keyboard goes to next), or a
// press anywhere else.
import { useEffect, type RefObject } from 'react';

const LEAVING = ['focusin', 'pointerdown'] as const;

export function useCloseWhenLeft(
  open: boolean,
  close: () => void,
  panel: RefObject<HTMLElement | null>,
  opener: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onOutside = (event: Event) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !opener.current?.contains(target)) close();
    };
    for (const type of LEAVING) document.addEventListener(type, onOutside);
    return () => {
      for (const type of LEAVING) document.removeEventListener(type, onOutside);
    };
  }, [open, close, panel, opener]);
}
