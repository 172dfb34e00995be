// GET /api/user-data: the top contributors of the last 7 days, best first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardRow } from '#shared/schemas/leaderboard.ts';
import { api } from '#web/lib/api-client.ts';
import { leaderboardKeys } from './query-keys.ts';

export const getLeaderboard = (signal?: AbortSignal) => api.get<LeaderboardRow[]>('/user-data', { signal });

export const leaderboardQueryOptions = () =>
  queryOptions({
    queryKey: leaderboardKeys.week(),
    queryFn: ({ signal }) => getLeaderboard(signal),
    staleTime: 60_000,
    meta: { public: true },
  });

export const useLeaderboard = () => useQuery(leaderboardQueryOptions());
