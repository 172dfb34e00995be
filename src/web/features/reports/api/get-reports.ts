// GET /api/reported-comment-pagination?page&limit (admin): one page of the report queue;
// the total is in X-Total-Count.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { Report } from '#shared/schemas/report.ts';
import { getPage } from '#web/lib/api-client.ts';
import { reportKeys } from './query-keys.ts';

export const getReports = ({ page, limit }: PaginationQuery, signal?: AbortSignal) =>
  getPage<Report>('/reported-comment-pagination', { page, limit }, signal);

export const reportsQueryOptions = (page: PaginationQuery) =>
  queryOptions({
    queryKey: reportKeys.page(page),
    queryFn: ({ signal }) => getReports(page, signal),
    placeholderData: keepPreviousData,
  });

export const useReports = (page: PaginationQuery) => useQuery(reportsQueryOptions(page));
