// Whether a media query matches, followed as the window changes. The server, and the browser
// while it hydrates the server's markup, answer false: markup that depends on it must not be
// rendered before hydration is over.
import { useCallback, useSyncExternalStore } from 'react';

const canMatch = (): boolean => typeof window.matchMedia === 'function';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatch()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => canMatch() && window.matchMedia(query).matches,
    () => false,
  );
}
