// PATCH /api/user/role/{email} { role: "Admin" } (admin) → { modifiedCount }. The row turns
// Admin in every cached page at once, then the pages are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedSchema } from '#shared/schemas/common.ts';
import { api } from '#web/lib/api-client.ts';
import type { Page } from '#shared/page.ts';
import type { User } from '#shared/schemas/user.ts';
import { manageUserKeys } from './query-keys.ts';

export const makeAdmin = (email: string) =>
  api.patch(`/user/role/${encodeURIComponent(email)}`, { role: 'Admin' }, { schema: modifiedSchema });

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: (_answer, email) => {
      queryClient.setQueriesData<Page<User>>(
        { queryKey: manageUserKeys.pages() },
        (page) => page && { ...page, items: page.items.map((u) => (u.email === email ? { ...u, role: 'Admin' } : u)) },
      );
      void queryClient.invalidateQueries({ queryKey: manageUserKeys.all });
    },
  });
}
