// Code fetched when first needed: pages, the toasts' container, the Markdown editor, the share
// dialog, the admin charts, Stripe's card form. A React.lazy component whose fetch fails (the
// connection dropped) throws to the nearest error screen and keeps failing until a reload;
// above the routes there is none, and the whole app went blank. Here a fetch that fails while
// the browser is offline waits for the connection and is tried again (whenOnline): lazy pages
// and the toasts' container load through it, and parts that have a stand-in of their own (the
// editor's plain textarea, a chart's placeholder) render the module once it is here.
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

/** The module while `wanted`, once fetched (null until then, and while offline until the connection is back). */
export function useCodeOnDemand<T>(code: CodeOnDemand<T>, wanted = true): T | null {
  const [module, setModule] = useState<T | null>(code.loaded);
  useEffect(() => {
    if (!wanted || module !== null) return;
    let mounted = true;
    whenOnline(code.load).then(
      (found) => mounted && setModule(() => found),
      () => undefined,
    );
    return () => {
      mounted = false;
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
