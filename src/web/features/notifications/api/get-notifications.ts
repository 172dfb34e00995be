// GET /api/notifications?page&limit (member): the caller's notifications, newest first, the total
// in X-Total-Count; GET /api/notifications/unread-count → { count } (API.md "Notifications").
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
// Types only: the top bar asks for the unread count, and zod must stay off the first view.
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { Notification } from '#shared/schemas/notification.ts';
import { api, getPage } from '#web/lib/api-client.ts';
import { notificationKeys } from './query-keys.ts';

export const getNotifications = (page: PaginationQuery, signal?: AbortSignal) => getPage<Notification>('/notifications', page, signal);

export const notificationsQueryOptions = (page: PaginationQuery) =>
  queryOptions({
    queryKey: notificationKeys.list(page),
    queryFn: ({ signal }) => getNotifications(page, signal),
    placeholderData: keepPreviousData,
  });

export const useNotifications = (page: PaginationQuery) => useQuery(notificationsQueryOptions(page));

export const getUnreadCount = (signal?: AbortSignal) => api.get<{ count: number }>('/notifications/unread-count', { signal });

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
  });

/** Only asked for while signed in. */
export const useUnreadCount = (enabled: boolean) => useQuery({ ...unreadCountQueryOptions(), enabled, select: (data) => data.count });
