// Scroll handling on navigation, in any router mode (the data router's <ScrollRestoration>
// needs a data router): back/forward restores the position the page had; a link with a
// hash (the bell's /#announcements) scrolls to that element once it has rendered; any
// other navigation starts at the top, unless its state asks to keep the scroll
// (`{ keepScroll: true }`, e.g. paging a list that scrolls itself).
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const positions = new Map<string, number>();

/** How long to wait for a hash target that renders after its data arrives. */
const HASH_WAIT_MS = 5000;

export interface ScrollState {
  keepScroll?: boolean;
}

function scrollToHash(hash: string): () => void {
  const id = decodeURIComponent(hash.slice(1));
  const tryScroll = (): boolean => {
    const target = document.getElementById(id);
    if (!target) return false;
    target.scrollIntoView?.({ block: 'start' });
    return true;
  };
  if (tryScroll()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryScroll()) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = window.setTimeout(() => observer.disconnect(), HASH_WAIT_MS);
  return () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
}

export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();

  // Remember where this entry was scrolled to, for back/forward.
  useEffect(() => {
    const { key } = location;
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(key, window.scrollY));
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
    };
  }, [location]);

  useLayoutEffect(() => {
    const saved = positions.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash.length > 1) return scrollToHash(location.hash);
    if ((location.state as ScrollState | null)?.keepScroll) return;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}
