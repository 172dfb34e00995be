// This browser's other tabs hear of a sign-in, a sign-out or a change of account made in one tab:
// they share its cookie, but nothing else tells them, and they showed the member signed out (or
// in) until their next call to the server (a post opened from a tab that missed a sign-in asked
// to sign in again).
import { useEffect } from 'react';

const CHANNEL = 'code-commons:session';

let sender: BroadcastChannel | null | undefined;

/** Tells this browser's other tabs that the session changed here. */
export function tellOtherTabsOfSession(): void {
  sender ??= typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  sender?.postMessage('session');
}

/** Calls `onChange` when another tab signed in, signed out or changed the account. */
export function useSessionElsewhere(onChange: () => void): void {
  useEffect(() => {
    if (typeof BroadcastChannel !== 'function') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => onChange();
    return () => channel.close();
  }, [onChange]);
}
