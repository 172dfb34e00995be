// GET /api/config: what the browser may know about this server (site name, whether
// Google sign-in and Stripe are configured). Loaded once per visit.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SITE_NAME_DEFAULT } from '#shared/constants.ts';
// Type only: the schema (and zod with it) stays off the first page.
import type { PublicConfig } from '#shared/schemas/config.ts';
import { api } from './api-client.ts';

export const configKeys = {
  all: ['config'] as const,
};

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: configKeys.all,
    queryFn: ({ signal }) => api.get<PublicConfig>('/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { public: true },
  });

export interface PublicConfigState {
  siteName: string;
  googleEnabled: boolean;
  /** True until the server's answer (or its failure) is known. */
  isPending: boolean;
  config: PublicConfig | undefined;
}

export function usePublicConfig(): PublicConfigState {
  const { data, isPending } = useQuery(publicConfigQueryOptions());
  return {
    siteName: typeof data?.siteName === 'string' && data.siteName.trim() !== '' ? data.siteName : SITE_NAME_DEFAULT,
    googleEnabled: data?.googleEnabled === true,
    isPending,
    config: data,
  };
}
