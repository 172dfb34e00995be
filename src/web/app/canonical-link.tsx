// The canonical link the server wrote into the page names the page it sent (a post's one address,
// a tag's page). Safari and Chrome on Android share and bookmark that address rather than the one
// in the address bar, so once the app shows another page the link is taken out (the address shown
// is then the one shared), and it is put back when the app returns to the page it names. A link
// to a place in the page (a hash) is the same page.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export function CanonicalLink() {
  const { pathname, search } = useLocation();
  const address = `${pathname}${search}`;
  /** The served link and the address it came with: null when the page came without one, undefined until looked for. */
  const served = useRef<{ link: HTMLLinkElement; address: string } | null | undefined>(undefined);

  useEffect(() => {
    if (served.current === undefined) {
      const link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
      served.current = link ? { link, address } : null;
    }
    const page = served.current;
    if (!page) return;
    if (address !== page.address) page.link.remove();
    else if (!page.link.isConnected) document.head.append(page.link);
  }, [address]);

  return null;
}
