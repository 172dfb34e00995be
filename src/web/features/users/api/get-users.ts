// GET /api/user-data-pagination?page&limit&search (admin): one page of members, searched by
// name or email; the total is in X-Total-Count.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { User } from '#shared/schemas/user.ts';
import { getPage } from '#web/lib/api-client.ts';
import { userKeys } from './query-keys.ts';

export const getUsers = ({ page, limit }: PaginationQuery, search: string, signal?: AbortSignal) =>
  getPage<User>('/user-data-pagination', { page, limit, search: search || undefined }, signal);

export const usersQueryOptions = (page: PaginationQuery, search: string) =>
  queryOptions({
    queryKey: userKeys.page(page, search),
    queryFn: ({ signal }) => getUsers(page, search, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (page: PaginationQuery, search: string) => useQuery(usersQueryOptions(page, search));
