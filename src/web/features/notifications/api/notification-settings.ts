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

/** A box shows its new state at once; a refused change puts it back. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  const key = notificationKeys.settings();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationSettings>(key);
      if (before) queryClient.setQueryData<NotificationSettings>(key, { ...before, ...input });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
