// PATCH /api/announcement-data/{id} { title?, description? } (admin) → { modifiedCount };
// DELETE /api/announcement-data/{id} (admin) → { deletedCount }. Every announcement query
// (the home column, the bell badge, the admin list) refreshes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAnnouncementInput } from '#shared/schemas/announcement.ts';
import { deletedSchema, modifiedSchema } from '#shared/schemas/common.ts';
import { api } from '#web/lib/api-client.ts';
import { announcementKeys } from './query-keys.ts';

export const editAnnouncement = ({ id, ...input }: UpdateAnnouncementInput & { id: string }) =>
  api.patch(`/announcement-data/${encodeURIComponent(id)}`, input, { schema: modifiedSchema });

export const deleteAnnouncement = (id: string) => api.delete(`/announcement-data/${encodeURIComponent(id)}`, { schema: deletedSchema });

export function useEditAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
