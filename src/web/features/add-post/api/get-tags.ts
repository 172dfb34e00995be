// GET /api/tag-data → every tag, alphabetical: the choices of the "Tag" select.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { tagSchema, type Tag } from '#shared/schemas/tag.ts';
import { api } from '#web/lib/api-client.ts';
import { addPostKeys } from './query-keys.ts';

export const getTags = (signal?: AbortSignal): Promise<Tag[]> => api.get('/tag-data', { signal, schema: z.array(tagSchema) });

export const tagOptionsQueryOptions = () =>
  queryOptions({
    queryKey: addPostKeys.tagOptions(),
    queryFn: ({ signal }) => getTags(signal),
    meta: { public: true },
  });

export const useTagOptions = () => useQuery(tagOptionsQueryOptions());
