// DELETE /api/user/role/{email} (admin) → { modifiedCount }: the member goes back to Client
// (never oneself, never the last admin). The member turns Client in every cached row at once
// (role-changed.ts), then the rows are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedSchema } from '#shared/schemas/common.ts';
import { api } from '#web/lib/api-client.ts';
import { roleChanged, roleChangeRefused } from './role-changed.ts';

export const removeAdmin = (email: string) => api.delete(`/user/role/${encodeURIComponent(email)}`, { schema: modifiedSchema });

export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAdmin,
    onSuccess: (_answer, email) => roleChanged(queryClient, email, 'Client'),
    onError: () => roleChangeRefused(queryClient),
  });
}
