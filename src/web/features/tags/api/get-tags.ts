// GET /api/tag-data: every tag, alphabetical: the home chips and the choices of Add Post's
// "Tag" select. Types only from the shared schema: zod stays off the home page.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '#shared/schemas/tag.ts';
import { api } from '#web/lib/api-client.ts';
import { tagKeys } from './query-keys.ts';

export const getTags = (signal?: AbortSignal) => api.get<Tag[]>('/tag-data', { signal });

export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: tagKeys.list(),
    queryFn: ({ signal }) => getTags(signal),
    staleTime: 60_000,
    meta: { public: true },
  });

export const useTags = () => useQuery(tagsQueryOptions());
