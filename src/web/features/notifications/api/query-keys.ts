import type { PaginationQuery } from '#shared/schemas/common.ts';

// Every notification query starts with notificationKeys.all: a read mark, "Mark all as read" and
// the live stream's `notification` event refresh the inbox count and the lists together.
export const notificationKeys = {
  all: ['notifications'] as const,
  /** `{ count }`: the Inbox button's number. */
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (page: PaginationQuery) => [...notificationKeys.lists(), page] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
};
