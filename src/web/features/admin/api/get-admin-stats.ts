// GET /api/admin-stats (admin) → { posts, comments, users, openReports, newMembersThisWeek,
// postsPerDay }: the site totals and the dashboard's recent activity.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminStatsSchema, type AdminStats } from '#shared/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

export const getAdminStats = (signal?: AbortSignal): Promise<AdminStats> => api.get('/admin-stats', { signal, schema: adminStatsSchema });

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal }) => getAdminStats(signal),
  });

export const useAdminStats = () => useQuery(adminStatsQueryOptions());
