// Scroll handling on navigation, in any router mode (the data router's <ScrollRestoration>
// needs a data router): back/forward restores the position the page had; a link with a
// hash (the bell's /#announcements) scrolls to that element once it has rendered, and again
// while the page around it still renders, and puts the focus on it; any other navigation starts
// at the top, unless its state asks to keep the scroll (`{ keepScroll: true }`, e.g. paging a
// list that scrolls itself).
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const positions = new Map<string, number>();

/** How long a hash target is kept in view while the page around it renders. */
const HASH_WAIT_MS = 5000;

export interface ScrollState {
  keepScroll?: boolean;
}

/**
 * A browser following a link to a place in its page starts the reader's next Tab from there; the
 * app follows it in place, so the focus, left on the link followed (the bell in the top bar),
 * would send the next Tab back to the top of the page. So the place takes the focus, once shown,
 * unless the reader has moved it meanwhile.
 */
function focusPlace(target: HTMLElement, started: Element | null): boolean {
  if (target.getClientRects().length === 0) return false;
  const active = document.activeElement;
  if (active === started || active === null || active === document.body) {
    if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus({ preventScroll: true });
  }
  return true;
}

function scrollToHash(hash: string, focus: boolean): () => void {
  const id = decodeURIComponent(hash.slice(1));
  // Where the last scroll to the target left the page; null until the target has rendered.
  let scrolledTo: number | null = null;
  const started = document.activeElement;
  let focused = !focus;
  const tryScroll = () => {
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView?.({ block: 'start' });
    scrolledTo = window.scrollY;
    if (!focused) focused = focusPlace(target, started);
  };
  // The target may render before what surrounds it: a list still loading below it leaves the
  // page too short to scroll it to the top. So it is scrolled to again as the page changes,
  // until anything else scrolls the page (the reader, a page placing its own target).
  const observer = new MutationObserver(tryScroll);
  const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(tryScroll) : null;
  const onScroll = () => {
    if (scrolledTo !== null && window.scrollY !== scrolledTo) stop();
  };
  let timer = 0;
  const stop = () => {
    observer.disconnect();
    resized?.disconnect();
    window.removeEventListener('scroll', onScroll);
    window.clearTimeout(timer);
  };
  tryScroll();
  observer.observe(document.body, { childList: true, subtree: true });
  resized?.observe(document.body);
  window.addEventListener('scroll', onScroll, { passive: true });
  timer = window.setTimeout(stop, HASH_WAIT_MS);
  return stop;
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
    // Not as a page opens (a new tab, a reload): the browser itself starts the reader there.
    if (location.hash.length > 1) return scrollToHash(location.hash, navigationType !== 'POP');
    if ((location.state as ScrollState | null)?.keepScroll) return;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}
