// The page's <title> while it is shown, in the form the server sends it (src/shared/first-view.ts
// pageTitle), so a page reads the same after a navigation as after a reload.
import { useEffect } from 'react';
import { pageTitle } from '#shared/first-view.ts';
import { usePublicConfig } from './public-config.ts';

/** Sets the title once `title` is known; the previous title comes back when the page goes. */
export function useDocumentTitle(title: string | null | undefined): void {
  const { siteName } = usePublicConfig();
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = pageTitle(siteName, title);
    return () => {
      document.title = previous;
    };
  }, [title, siteName]);
}
