// PATCH /api/announcement-data/{id} { title?, description?, baseEditedAt? } (admin) →
// { modifiedCount }; DELETE /api/announcement-data/{id} (admin) → { deletedCount }. Every
// announcement query (the home column, the bell badge, the admin list) refreshes. An edit refused
// because another admin edited (409 CONFLICT) or deleted it (404) meanwhile refreshes them too,
// before the error shows: the editor can then offer the latest version. So does a delete that
// finds it gone (404).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createAnnouncementInputSchema, type UpdateAnnouncementInput } from '#shared/schemas/announcement.ts';
import { baseEditedAtSchema, deletedSchema, modifiedSchema } from '#shared/schemas/common.ts';
import { api, isApiError } from '#web/lib/api-client.ts';
import { announcementKeys } from './query-keys.ts';

/**
 * The edit form's part of the announcement: title and description, under the rules of publishing
 * one, and the editedAt of the version they were loaded from.
 */
export const editAnnouncementFormSchema = createAnnouncementInputSchema.extend({ baseEditedAt: baseEditedAtSchema });
export type EditAnnouncementForm = z.infer<typeof editAnnouncementFormSchema>;

export const editAnnouncement = ({ id, ...input }: UpdateAnnouncementInput & { id: string }) =>
  api.patch(`/announcement-data/${encodeURIComponent(id)}`, input, { schema: modifiedSchema });

export const deleteAnnouncement = (id: string) => api.delete(`/announcement-data/${encodeURIComponent(id)}`, { schema: deletedSchema });

export function useEditAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
    onError: (error) =>
      isApiError(error) && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')
        ? queryClient.invalidateQueries({ queryKey: announcementKeys.all })
        : undefined,
  });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
    // Gone already (another admin deleted it, and its live event was missed): read them again.
    onError: (error) =>
      isApiError(error) && error.code === 'NOT_FOUND' ? queryClient.invalidateQueries({ queryKey: announcementKeys.all }) : undefined,
  });
}
