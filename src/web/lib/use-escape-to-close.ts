// A disclosure (a small-screen menu) closes on Escape, and focus goes back to the button that
// opened it, as a keyboard user expects of anything that opens over the page.
import { useEffect, type RefObject } from 'react';

export function useEscapeToClose(open: boolean, close: () => void, opener: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      close();
      opener.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close, opener]);
}
