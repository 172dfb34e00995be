// Code fetched when first needed (the Markdown editor, the share dialog, the toasts). Not
// React.lazy: a lazy component whose fetch fails (the connection dropped, or a deploy replaced
// the file) throws to the nearest error screen and keeps failing until a reload; above the
// routes there is none, and the whole app went blank. Here a failure is forgotten, the part
// waits, and it is fetched again once the browser is back online.
import { useEffect, useState } from 'react';

export interface CodeOnDemand<T> {
  /** The module, once fetched. */
  readonly loaded: () => T | null;
  /** Fetches it once; a failed fetch is tried again by the next call. */
  readonly load: () => Promise<T>;
}

export function codeOnDemand<T>(importer: () => Promise<T>): CodeOnDemand<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    loaded: () => loaded,
    load: () =>
      (loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
  };
}

/** Starts fetching ahead of need (a button hovered); a failure is left for the need itself. */
export const preload = (code: CodeOnDemand<unknown>): void => void code.load().catch(() => undefined);

/** The module while `wanted`, once fetched (null until then); a failed fetch is tried again when the browser is back online. */
export function useCodeOnDemand<T>(code: CodeOnDemand<T>, wanted = true): T | null {
  const [module, setModule] = useState<T | null>(code.loaded);
  useEffect(() => {
    if (!wanted || module !== null) return;
    let mounted = true;
    const load = () =>
      void code.load().then(
        (found) => mounted && setModule(() => found),
        () => undefined,
      );
    load();
    window.addEventListener('online', load);
    return () => {
      mounted = false;
      window.removeEventListener('online', load);
    };
  }, [code, wanted, module]);
  return module;
}

/** Loads, and while the browser is offline waits for the connection and loads again; a failure while online is thrown. */
export async function whenOnline<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (navigator.onLine) throw error;
      await new Promise((resolve) => window.addEventListener('online', resolve, { once: true }));
    }
  }
}
