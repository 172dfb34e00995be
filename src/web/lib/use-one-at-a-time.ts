import { useCallback, useRef } from 'react';

/**
 * Runs an action unless the promise of its last run under the same key is still pending, so a
 * double click (or Enter pressed twice) acts once. It is known at once on the event: a disabled
 * or busy button only shows after a render, too late for the second click. A rejection is the
 * caller's to show (from the mutation's error); here it only ends the hold.
 */
export function useOneAtATime(): (action: () => unknown, key?: string) => void {
  const pending = useRef(new Set<string>());
  return useCallback((action: () => unknown, key = '') => {
    if (pending.current.has(key)) return;
    const result = action();
    if (!(result instanceof Promise)) return;
    pending.current.add(key);
    void result
      .catch(() => undefined)
      .finally(() => {
        pending.current.delete(key);
      });
  }, []);
}
