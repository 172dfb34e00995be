// A page the server rendered (ADR 0015) is hydrated from the answers it was rendered with:
// they are read from the page's JSON block and put into the query cache before React starts,
// and relative times read "… ago" from the moment of rendering until hydration is over, so
// the browser's first render is the server's, text for text.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { FIRST_VIEW_DATA_ID, type FirstViewData } from '#shared/first-view.ts';

/**
 * How long a seeded answer counts as fresh: long enough that mounting the page does not ask
 * for it again, short enough that coming back to home later does.
 */
export const FIRST_VIEW_FRESH_MS = 30_000;

/** The data block of a server-rendered page, or null (a page the browser renders alone). */
export function readFirstViewData(): FirstViewData | null {
  const block = document.getElementById(FIRST_VIEW_DATA_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as FirstViewData;
  } catch {
    return null;
  }
}

/** Puts the answers the page was rendered from into the cache, fresh for FIRST_VIEW_FRESH_MS. */
export function seedQueries(queryClient: QueryClient, data: FirstViewData, updatedAt = Date.now()): void {
  for (const { key, data: answer } of data.queries) {
    queryClient.setQueryData(key, answer, { updatedAt });
    queryClient.setQueryDefaults(key, { staleTime: FIRST_VIEW_FRESH_MS });
  }
}

const RenderedAtContext = createContext<number | null>(null);

export function FirstViewTimeProvider({ renderedAt, children }: { renderedAt: number | null; children: ReactNode }) {
  return <RenderedAtContext.Provider value={renderedAt}>{children}</RenderedAtContext.Provider>;
}

const subscribeNever = () => () => {};

/** True while rendering on the server or hydrating its markup; false in every later render. */
export const useIsHydrating = (): boolean =>
  useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );

/**
 * The moment relative times are counted from: the server's rendering time while the server's
 * markup is rendered or hydrated, else null (now).
 */
export function useRenderedAt(): number | null {
  const renderedAt = useContext(RenderedAtContext);
  return useIsHydrating() ? renderedAt : null;
}
