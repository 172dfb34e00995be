// GET /api/user-post-count/{email} (self or admin) → { count }: how many posts the member
// has, compared with the membership's limit before the form is shown.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { countSchema } from '#shared/schemas/common.ts';
import { api } from '#web/lib/api-client.ts';
import { postKeys } from './query-keys.ts';

export const getPostCount = async (email: string, signal?: AbortSignal): Promise<number> =>
  (await api.get(`/user-post-count/${encodeURIComponent(email)}`, { signal, schema: countSchema })).count;

export const postCountQueryOptions = (email: string) =>
  queryOptions({
    queryKey: postKeys.memberCount(email),
    queryFn: ({ signal }) => getPostCount(email, signal),
  });

export const usePostCount = (email: string) => useQuery(postCountQueryOptions(email));
