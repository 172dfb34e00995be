// PATCH /api/user/role/{email} { role: "Admin" } (admin) → { modifiedCount }. The member turns
// Admin in every cached row at once (role-changed.ts), then the rows are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedSchema } from '#shared/schemas/common.ts';
import { api } from '#web/lib/api-client.ts';
import { roleChanged, roleChangeRefused } from './role-changed.ts';

export const makeAdmin = (email: string) =>
  api.patch(`/user/role/${encodeURIComponent(email)}`, { role: 'Admin' }, { schema: modifiedSchema });

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: (_answer, email) => roleChanged(queryClient, email, 'Admin'),
    onError: () => roleChangeRefused(queryClient),
  });
}
