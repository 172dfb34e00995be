import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

export const OFFLINE_MESSAGE = 'You are offline. Pages will load again when the connection is back.';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();
// The server renders the first view online; the browser says otherwise after hydration.
const onlineOnServer = () => true;

/**
 * While the browser is offline, reads wait (TanStack Query pauses them) and a page being
 * opened stays dimmed, so a line under the top bar says why. It sits in the sticky bar, where
 * it covers nothing of the page. The live region is always there, so a screen reader hears the
 * line come and go.
 */
export function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, isOnline, onlineOnServer);
  return (
    // A polite live region without the status role: the page's own status messages stay the
    // only "status" on it.
    <div aria-live="polite">
      {!online && <p className="border-t border-line bg-ink px-3 py-1.5 text-center text-sm font-medium text-surface">{OFFLINE_MESSAGE}</p>}
    </div>
  );
}
