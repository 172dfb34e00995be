// "Ban User": DELETE /api/user-delete/{email} (the account is banned), then
// DELETE /api/reported-comment-delete/{email} (that commenter's reported comments leave the
// posts and the queue). The queue, the user table and the site totals refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema } from '#shared/schemas/common.ts';
import { adminKeys } from '#web/features/admin/api/query-keys.ts';
import { userKeys } from '#web/features/users/api/query-keys.ts';
import { api } from '#web/lib/api-client.ts';
import { reportKeys } from './query-keys.ts';

/** What a ban changes: the queue, the admin's user table and the site totals. */
const BANNED_KEYS = [reportKeys.all, userKeys.pages(), adminKeys.stats()];

export async function banUser(email: string): Promise<void> {
  const encoded = encodeURIComponent(email);
  await api.delete(`/user-delete/${encoded}`, { schema: deletedSchema });
  await api.delete(`/reported-comment-delete/${encoded}`, { schema: deletedSchema });
}

export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: banUser,
    // Refreshed after a failure too: the first call may have gone through.
    onSettled: () => Promise.all(BANNED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
