// GET /api/members/{id} (anyone) → a member's public profile and counts, never an email.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberProfileSchema, type MemberProfile } from '#shared/schemas/member.ts';
import { api } from '#web/lib/api-client.ts';
import { userKeys } from './query-keys.ts';

export const getMember = (id: string, signal?: AbortSignal): Promise<MemberProfile> =>
  api.get(`/members/${encodeURIComponent(id)}`, { signal, schema: memberProfileSchema });

export const memberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userKeys.member(id),
    queryFn: ({ signal }) => getMember(id, signal),
  });

export const useMember = (id: string) => useQuery(memberQueryOptions(id));
