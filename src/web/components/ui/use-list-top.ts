// A list paged in place keeps the page's scroll (`keepScroll`, scroll-manager.tsx): a reader who
// pages from below the top of the list is brought back to it, and one who sees it already stays put.
import { useCallback, useRef } from 'react';

export function useListTop<T extends HTMLElement = HTMLElement>() {
  const top = useRef<T>(null);
  /** Makes the change (a page, a page size), then brings the top of the list into view if it is above the window. */
  const goTo = useCallback((change: () => void) => {
    change();
    const box = top.current?.getBoundingClientRect();
    if (box && box.top < 0) top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);
  return { top, goTo };
}
