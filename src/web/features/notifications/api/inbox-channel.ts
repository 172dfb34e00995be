// A member's other tabs of this browser hear of what one tab read (one notification, or all):
// the server says nothing of a read, and their inbox count and lists would otherwise stay as
// they were until the tab is focused again.
import { useEffect } from 'react';

const CHANNEL = 'code-commons:inbox';

let sender: BroadcastChannel | null | undefined;

/** Tells this browser's other tabs that notifications were read here. */
export function tellOtherTabs(): void {
  sender ??= typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  sender?.postMessage('read');
}

/** Calls `onRead` when another tab (or another part of this one) read notifications. */
export function useReadsElsewhere(onRead: () => void): void {
  useEffect(() => {
    if (typeof BroadcastChannel !== 'function') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => onRead();
    return () => channel.close();
  }, [onRead]);
}
