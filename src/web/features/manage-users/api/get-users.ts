// GET /api/user-data-pagination?page&limit&search (admin): one page of members, searched by
// name or email; the total is in X-Total-Count.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { userSchema, type User } from '#shared/schemas/user.ts';
import { apiRequest, totalCountOf } from '#web/lib/api-client.ts';
import { manageUserKeys } from './query-keys.ts';

export interface UsersPage {
  items: User[];
  total: number;
}

export async function getUsers(page: number, limit: number, search: string, signal?: AbortSignal): Promise<UsersPage> {
  const { data, headers } = await apiRequest('/user-data-pagination', {
    query: { page, limit, search: search || undefined },
    signal,
    schema: z.array(userSchema),
  });
  return { items: data, total: totalCountOf(headers) };
}

export const usersQueryOptions = (page: number, limit: number, search: string) =>
  queryOptions({
    queryKey: manageUserKeys.page(page, limit, search),
    queryFn: ({ signal }) => getUsers(page, limit, search, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (page: number, limit: number, search: string) => useQuery(usersQueryOptions(page, limit, search));
