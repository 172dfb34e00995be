// A panel that opens over the page below the top bar (the small-screen menu, the small-screen
// search) closes once the reader leaves it and the button that opened it: the focus moving on
// past them (left open, it would lie over the field or link the keyboard goes to next), or, where
// asked, a press anywhere else.
import { useEffect, type RefObject } from 'react';

/** `pressOutside`: a press outside the panel and its button closes it too. */
export function useCloseWhenLeft(
  open: boolean,
  close: () => void,
  panel: RefObject<HTMLElement | null>,
  opener: RefObject<HTMLElement | null>,
  { pressOutside = false }: { pressOutside?: boolean } = {},
): void {
  useEffect(() => {
    if (!open) return;
    const onOutside = (event: Event) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !opener.current?.contains(target)) close();
    };
    const types = pressOutside ? (['focusin', 'pointerdown'] as const) : (['focusin'] as const);
    for (const type of types) document.addEventListener(type, onOutside);
    return () => {
      for (const type of types) document.removeEventListener(type, onOutside);
    };
  }, [open, close, panel, opener, pressOutside]);
}
