// TanStack Query defaults = SPEC.md §9: cached data kept 5 minutes, 3 retries with an
// exponential delay capped at 30 s. A client error (4xx other than 408 and 429) is an
// answer, not a glitch, so it is not retried.
import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Data that is the same for every visitor; kept when the viewer signs out. */
      public?: boolean;
    };
  }
}

export const CACHE_TIME_MS = 5 * 60 * 1000;
export const MAX_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;

export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);

export const queryConfig = {
  queries: {
    gcTime: CACHE_TIME_MS,
    retry: (failureCount, error) => failureCount < MAX_RETRIES && isRetryable(error),
    retryDelay,
  },
  mutations: {
    retry: false,
    // Sent even when the browser says it is offline: the write then fails at once with the
    // network error ("Could not reach the server…") the form shows, instead of waiting,
    // spinner turning, to be sent whenever the connection comes back.
    networkMode: 'always',
  },
} satisfies DefaultOptions;

export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...queryConfig.queries, ...overrides.queries },
      mutations: { ...queryConfig.mutations, ...overrides.mutations },
    },
  });
}
