// GET and PATCH /api/notification-settings (member): whether `comment` and `reply`
// notifications are also mailed.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationSettingsSchema,
  type NotificationSettings,
  type UpdateNotificationSettingsInput,
} from '#shared/schemas/notification.ts';
import { api } from '#web/lib/api-client.ts';
import { notificationKeys } from './query-keys.ts';

export const getNotificationSettings = (signal?: AbortSignal) =>
  api.get('/notification-settings', { signal, schema: notificationSettingsSchema });

export const updateNotificationSettings = (input: UpdateNotificationSettingsInput) =>
  api.patch('/notification-settings', input, { schema: notificationSettingsSchema });

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.settings(), queryFn: ({ signal }) => getNotificationSettings(signal) });

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions());

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings: NotificationSettings) => queryClient.setQueryData(notificationKeys.settings(), settings),
  });
}
