// Where the focus goes when the page changes. A browser loading a page starts the reader at its
// top; an app that swaps the page in place leaves the focus on the link that was followed (now
// gone, so on the document itself) and says nothing of the new page to a screen reader. So after
// a navigation to another path the new page's heading takes the focus, once it has rendered,
// unless the page or the reader has put the focus somewhere already (a search's results, a field
// typed in meanwhile). Back and forward and a change of query (paging) leave the focus where it
// is; a link to a place in the page (the bell's /#announcements) puts it there (scroll-manager.tsx).
import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long to wait for the new page's heading (its data may come first). */
const HEADING_WAIT_MS = 3000;

/** A field someone may be typing in: the focus is never taken out of one. */
function isField(element: Element): boolean {
  return element.matches('input, textarea, select, [contenteditable]:not([contenteditable="false"])');
}

function focusNewPage(started: Element | null): () => void {
  const main = document.getElementById('main');
  if (!main) return () => {};
  const moved = () => {
    const active = document.activeElement;
    return active !== null && active !== document.body && (active !== started || isField(active));
  };
  const tryFocus = (): boolean => {
    if (moved()) return true;
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  // No heading came: the page itself, rather than the document, holds the focus.
  const timer = window.setTimeout(() => {
    stop();
    if (!moved()) main.focus({ preventScroll: true });
  }, HEADING_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

export function RouteFocus() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);

  useEffect(() => {
    if (pathname === shown.current) return;
    shown.current = pathname;
    if (navigationType === 'POP' || hash.length > 1) return;
    return focusNewPage(document.activeElement);
  }, [pathname, hash, navigationType]);

  return null;
}
