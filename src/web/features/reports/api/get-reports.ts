// GET /api/reported-comment-pagination?page&limit (admin): one page of the report queue;
// the total is in X-Total-Count.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { reportSchema, type Report } from '#shared/schemas/report.ts';
import { apiRequest, totalCountOf } from '#web/lib/api-client.ts';
import { reportKeys } from './query-keys.ts';

export interface ReportsPage {
  items: Report[];
  total: number;
}

export async function getReports(page: number, limit: number, signal?: AbortSignal): Promise<ReportsPage> {
  const { data, headers } = await apiRequest('/reported-comment-pagination', {
    query: { page, limit },
    signal,
    schema: z.array(reportSchema),
  });
  return { items: data, total: totalCountOf(headers) };
}

export const reportsQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: reportKeys.page(page, limit),
    queryFn: ({ signal }) => getReports(page, limit, signal),
    placeholderData: keepPreviousData,
  });

export const useReports = (page: number, limit: number) => useQuery(reportsQueryOptions(page, limit));
