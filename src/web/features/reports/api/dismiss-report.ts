// "Dismiss": DELETE /api/reported-comment/{id} (admin) → { deletedCount }. The report leaves
// the queue; the comment stays on its post.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema } from '#shared/schemas/common.ts';
import { api } from '#web/lib/api-client.ts';
import { reportKeys } from './query-keys.ts';

export const dismissReport = (id: string) => api.delete(`/reported-comment/${encodeURIComponent(id)}`, { schema: deletedSchema });

export function useDismissReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissReport,
    // Refreshed after a failure too: another admin may have dismissed it meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
