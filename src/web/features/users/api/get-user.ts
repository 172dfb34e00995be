// GET /api/users/{email} (self or admin) → { _id, name, email, photo, membership, role }.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '#shared/schemas/user.ts';
import { api } from '#web/lib/api-client.ts';
import { userKeys } from './query-keys.ts';

export const getUser = (email: string, signal?: AbortSignal): Promise<User> =>
  api.get(`/users/${encodeURIComponent(email)}`, { signal, schema: userSchema });

export const userQueryOptions = (email: string) =>
  queryOptions({
    queryKey: userKeys.detail(email),
    queryFn: ({ signal }) => getUser(email, signal),
  });

export const useUser = (email: string) => useQuery(userQueryOptions(email));
