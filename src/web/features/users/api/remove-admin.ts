// DELETE /api/user/role/{email} (admin) → { modifiedCount }: the member goes back to Client
// (never oneself, never the last admin). The row turns Client in every cached page at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '#shared/page.ts';
import { modifiedSchema } from '#shared/schemas/common.ts';
import type { User } from '#shared/schemas/user.ts';
import { api } from '#web/lib/api-client.ts';
import { userKeys } from './query-keys.ts';

export const removeAdmin = (email: string) => api.delete(`/user/role/${encodeURIComponent(email)}`, { schema: modifiedSchema });

export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAdmin,
    onSuccess: (_answer, email) => {
      queryClient.setQueriesData<Page<User>>(
        { queryKey: userKeys.pages() },
        (page) => page && { ...page, items: page.items.map((u) => (u.email === email ? { ...u, role: 'Client' } : u)) },
      );
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
