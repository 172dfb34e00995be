import type { Page } from '#shared/page.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { Notification, NotificationSettings, UpdateNotificationSettingsInput } from '#shared/schemas/notification.ts';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/ids.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import {
  countNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  moveUnreadCount,
  notificationBelongsTo,
  readNotificationSettings,
  readUnreadCount,
  writeNotificationSettings,
} from './notifications.queries.ts';

/** The caller's own notifications, newest first; nobody reads another member's. */
export async function listOwnNotifications(db: Db, viewer: SessionViewer, page: PaginationQuery): Promise<Page<Notification>> {
  const [items, total] = await Promise.all([listNotifications(db, viewer.id, page), countNotifications(db, viewer.id)]);
  return { items, total };
}

export const unreadCountOf = (db: Db, viewer: SessionViewer): Promise<number> => readUnreadCount(db, viewer.id);

/**
 * Marks one of the caller's notifications read. Another member's is answered as if it did not
 * exist (404), so an id tells nothing about whose it is; one already read changes nothing.
 */
export async function readNotification(writes: WritePath, viewer: SessionViewer, id: string): Promise<{ modifiedCount: number }> {
  return writes.run(async (w) => {
    const modifiedCount = await markNotificationRead(w.trx, viewer.id, id, nowIso());
    if (modifiedCount === 0) {
      if (!(await notificationBelongsTo(w.trx, viewer.id, id))) throw notFound('notification');
      return { modifiedCount };
    }
    const unread = await moveUnreadCount(w.trx, viewer.id, -1);
    w.record({ type: 'notification.read', memberId: viewer.id, notificationId: id, unread });
    return { modifiedCount };
  });
}

export async function readAllNotifications(writes: WritePath, viewer: SessionViewer): Promise<{ modifiedCount: number }> {
  return writes.run(async (w) => {
    const modifiedCount = await markAllNotificationsRead(w.trx, viewer.id, nowIso());
    if (modifiedCount > 0) w.record({ type: 'notifications.read-all', memberId: viewer.id, count: modifiedCount });
    return { modifiedCount };
  });
}

export const notificationSettingsOf = (db: Db, viewer: SessionViewer): Promise<NotificationSettings> =>
  readNotificationSettings(db, viewer.id);

/** Changes the caller's mail settings (what is left out stays) and answers them. */
export async function changeNotificationSettings(
  writes: WritePath,
  viewer: SessionViewer,
  input: UpdateNotificationSettingsInput,
): Promise<NotificationSettings> {
  return writes.run(async (w) => {
    const before = await readNotificationSettings(w.trx, viewer.id);
    const after: NotificationSettings = {
      emailOnComment: input.emailOnComment ?? before.emailOnComment,
      emailOnReply: input.emailOnReply ?? before.emailOnReply,
    };
    if (after.emailOnComment !== before.emailOnComment || after.emailOnReply !== before.emailOnReply) {
      await writeNotificationSettings(w.trx, viewer.id, after);
      w.record({ type: 'notification-settings.changed', memberId: viewer.id });
    }
    return after;
  });
}
