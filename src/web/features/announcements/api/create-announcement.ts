// POST /api/announcement-data { title, description } (admin) → { insertedId }; the author's
// photo and name come from the session. Every announcement query (the home column, the bell
// badge) starts with announcementKeys.all, so both refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAnnouncementInput } from '#shared/schemas/announcement.ts';
import { insertedSchema } from '#shared/schemas/common.ts';
import { api } from '#web/lib/api-client.ts';
import { announcementKeys } from './query-keys.ts';

export const createAnnouncement = (input: CreateAnnouncementInput) => api.post('/announcement-data', input, { schema: insertedSchema });

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
