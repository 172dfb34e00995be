// The page's <title>: the page's own name in the form the server sends it (src/shared/first-view.ts
// pageTitle), so a page reads the same after a navigation as after a reload, and, while the
// member has unread notifications, their count in front — "(3) A post · Code Commons" — so a
// forum left in a background tab shows that something came (the inbox count rises live).
import { useEffect } from 'react';
import { pageTitle } from '#shared/first-view.ts';
import { usePublicConfig } from './public-config.ts';

/** Past this many, the title says "99+" (the tab has room for little). */
const TITLE_COUNT_MAX = 99;

/** The page's own title (null until a page sets one: the document's, as the server sent it). */
let pageName: string | null = null;
let unread = 0;

/** The page's own title, without the count. */
function currentPageName(): string {
  pageName ??= document.title.replace(/^\(\d+\+?\) /, '');
  return pageName;
}

function apply(): void {
  const name = currentPageName();
  document.title = unread > 0 ? `(${unread > TITLE_COUNT_MAX ? `${TITLE_COUNT_MAX}+` : unread}) ${name}` : name;
}

/** Sets the page's own title; returns the one it replaces. */
export function setPageTitle(title: string): string {
  const previous = currentPageName();
  pageName = title;
  apply();
  return previous;
}

/** The member's unread notifications, shown in front of the title (0: none shown). */
export function setTitleCount(count: number): void {
  const next = Math.max(0, Math.floor(count));
  if (next === unread) return;
  unread = next;
  apply();
}

/** Sets the title once `title` is known; the previous title comes back when the page goes. */
export function useDocumentTitle(title: string | null | undefined): void {
  const { siteName } = usePublicConfig();
  useEffect(() => {
    if (!title) return;
    const previous = setPageTitle(pageTitle(siteName, title));
    return () => void setPageTitle(previous);
  }, [title, siteName]);
}

/** Shows the member's unread count in the title while it is known and above zero. */
export function useTitleCount(count: number | undefined): void {
  useEffect(() => {
    setTitleCount(count ?? 0);
    return () => setTitleCount(0);
  }, [count]);
}
