// PATCH /api/user/role/{email} { role: "Admin" } (admin) → { modifiedCount }. The row turns
// Admin in every cached page at once, then the pages (and the user's record) are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '#shared/page.ts';
import { modifiedSchema } from '#shared/schemas/common.ts';
import type { User } from '#shared/schemas/user.ts';
import { api } from '#web/lib/api-client.ts';
import { userKeys } from './query-keys.ts';

export const makeAdmin = (email: string) =>
  api.patch(`/user/role/${encodeURIComponent(email)}`, { role: 'Admin' }, { schema: modifiedSchema });

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: (_answer, email) => {
      queryClient.setQueriesData<Page<User>>(
        { queryKey: userKeys.pages() },
        (page) => page && { ...page, items: page.items.map((u) => (u.email === email ? { ...u, role: 'Admin' } : u)) },
      );
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
