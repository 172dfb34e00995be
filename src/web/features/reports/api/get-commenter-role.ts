// GET /api/users/role/{email} (admin) → { role }: the commenter's role now, which the Ban User
// dialog asks as it opens. Another admin may have made the commenter an administrator since the
// queue loaded; the ban would then be refused with 403, and a 403 signs the browser out (API.md).
import { useQuery } from '@tanstack/react-query';
import { userRoleSchema } from '#shared/schemas/user.ts';
import { api } from '#web/lib/api-client.ts';
import { reportKeys } from './query-keys.ts';

export const getCommenterRole = async (email: string, signal?: AbortSignal) =>
  (await api.get(`/users/role/${encodeURIComponent(email)}`, { signal, schema: userRoleSchema })).role;

// Not kept once the dialog closes: each opening asks afresh rather than showing the last answer.
export const useCommenterRole = (email: string | null) =>
  useQuery({
    queryKey: reportKeys.commenterRole(email ?? ''),
    queryFn: ({ signal }) => getCommenterRole(email ?? '', signal),
    enabled: email !== null,
    gcTime: 0,
  });
