// PATCH /api/notifications/{id}/read and POST /api/notifications/read-all (member) →
// { modifiedCount }; the inbox count and every list refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedSchema } from '#shared/schemas/common.ts';
import { api } from '#web/lib/api-client.ts';
import { tellOtherTabs } from './inbox-channel.ts';
import { notificationKeys } from './query-keys.ts';

export const readNotification = (id: string) =>
  api.patch(`/notifications/${encodeURIComponent(id)}/read`, undefined, { schema: modifiedSchema });

export const readAllNotifications = () => api.post('/notifications/read-all', undefined, { schema: modifiedSchema });

export function useReadNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readNotification,
    onSuccess: ({ modifiedCount }) => {
      if (modifiedCount === 0) return;
      tellOtherTabs();
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

export function useReadAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readAllNotifications,
    onSuccess: () => {
      tellOtherTabs();
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
