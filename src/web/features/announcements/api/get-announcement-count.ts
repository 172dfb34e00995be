// The number on the bell badge: the total of the announcement list, read from the
// X-Total-Count header of a one-item page (API.md "announcement-data").
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, totalCountOf } from '#web/lib/api-client.ts';
import { announcementKeys } from './query-keys.ts';

export async function getAnnouncementCount(signal?: AbortSignal): Promise<number> {
  const { headers } = await apiRequest('/announcement-data', { query: { page: 0, limit: 1 }, signal });
  return totalCountOf(headers);
}

export const announcementCountQueryOptions = () =>
  queryOptions({
    queryKey: announcementKeys.count(),
    queryFn: ({ signal }) => getAnnouncementCount(signal),
    meta: { public: true },
  });

export const useAnnouncementCount = () => useQuery(announcementCountQueryOptions());
