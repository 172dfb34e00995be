// A word passed between this browser's tabs of the forum (BroadcastChannel): what one tab did
// that the server tells no one (a read, a sign-in), so the others follow at once.
import { useEffect } from 'react';

export interface TabChannel {
  /** Tells this browser's other tabs (and the rest of this one). */
  tell(): void;
  /** Calls `onHeard` each time another tab (or another part of this one) tells. */
  useHeard(onHeard: () => void): void;
}

export function tabChannel(name: string): TabChannel {
  let sender: BroadcastChannel | null | undefined;
  return {
    tell() {
      sender ??= typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;
      sender?.postMessage(name);
    },
    useHeard(onHeard) {
      useEffect(() => {
        if (typeof BroadcastChannel !== 'function') return;
        const channel = new BroadcastChannel(name);
        channel.onmessage = () => onHeard();
        return () => channel.close();
      }, [onHeard]);
    },
  };
}
