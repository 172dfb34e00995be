// A control that changes what a page shows (a list's page, a tag's posts) and whose result has an
// address of its own: a real link to that address, so it works before the app runs and without
// it, a crawler can follow it, and it opens in a new tab like any link. A plain click is the
// page's own change instead (its history state, its scroll), as a button's was.
import type { ComponentProps, MouseEvent } from 'react';

interface AddressLinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  href: string;
  /** What a plain click does in place of loading the address. */
  onFollow: () => void;
}

/** A click the browser would follow in this tab: the main button, no key held that opens a tab or a download. */
const followsHere = (event: MouseEvent<HTMLAnchorElement>): boolean =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

export function AddressLink({ href, onFollow, onClick, children, ...props }: AddressLinkProps) {
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !followsHere(event)) return;
        event.preventDefault();
        onFollow();
      }}
    >
      {children}
    </a>
  );
}
