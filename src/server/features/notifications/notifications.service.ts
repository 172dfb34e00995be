import { NOTIFICATION_TEXT_MAX } from '#shared/constants.ts';
import { excerptOf } from '#shared/html-text.ts';
import { UNSUBSCRIBE_SETTING } from '#shared/mail-unsubscribe.ts';
import type { Page } from '#shared/page.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { UnsubscribeResult } from '#shared/schemas/mail.ts';
import type { Notification, NotificationSettings, UpdateNotificationSettingsInput } from '#shared/schemas/notification.ts';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/ids.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import type { UnsubscribeLink } from '../mail/unsubscribe-token.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import {
  countNotifications,
  findUnfrozen,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  moveUnreadCount,
  notificationBelongsTo,
  pointNotificationAt,
  readNotificationSettings,
  readUnreadCount,
  readUnreadCountsOf,
  writeNotificationSettings,
} from './notifications.queries.ts';

/** The caller's own notifications, newest first; nobody reads another member's. */
export async function listOwnNotifications(db: Db, viewer: SessionViewer, page: PaginationQuery): Promise<Page<Notification>> {
  const [rows, total] = await Promise.all([listNotifications(db, viewer.id, page), countNotifications(db, viewer.id)]);
  // An unread one shows the newest comment of its post (ADR 0012), quoted as it would be stored.
  const items = rows.map(({ freshHtml, ...n }) => (freshHtml === null ? n : { ...n, text: excerptOf(freshHtml, NOTIFICATION_TEXT_MAX) }));
  return { items, total };
}

/**
 * Notifications just marked read keep what they showed while unread: the newest comment of their
 * post is written into them (ADR 0012). Marked first, found after: on PostgreSQL the marking waits
 * for a comment that holds the row, and this read then sees it.
 */
async function keepWhatTheyShowed(db: Db, ids: string[]): Promise<void> {
  for (const r of await findUnfrozen(db, ids)) {
    await pointNotificationAt(db, r.id, {
      commentId: r.comment_id,
      actorId: r.author_id,
      text: excerptOf(r.comment_html, NOTIFICATION_TEXT_MAX),
      createdAt: r.created_at,
    });
  }
}

export const unreadCountOf = (db: Db, viewer: SessionViewer): Promise<number> => readUnreadCount(db, viewer.id);

/** Several members' unread counts as committed (for the live stream; see live.reaction.ts). */
export const unreadCountsOf = (db: Db, memberIds: readonly string[]): Promise<Map<string, number>> => readUnreadCountsOf(db, memberIds);

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
    await keepWhatTheyShowed(w.trx, [id]);
    const unread = await moveUnreadCount(w.trx, viewer.id, -1);
    w.record({ type: 'notification.read', memberId: viewer.id, notificationId: id, unread });
    return { modifiedCount };
  });
}

export async function readAllNotifications(writes: WritePath, viewer: SessionViewer): Promise<{ modifiedCount: number }> {
  return writes.run(async (w) => {
    const { ids, unread } = await markAllNotificationsRead(w.trx, viewer.id, nowIso());
    if (ids.length > 0) {
      await keepWhatTheyShowed(w.trx, ids);
      w.record({ type: 'notifications.read-all', memberId: viewer.id, count: ids.length, unread });
    }
    return { modifiedCount: ids.length };
  });
}

export const notificationSettingsOf = (db: Db, viewer: SessionViewer): Promise<NotificationSettings> =>
  readNotificationSettings(db, viewer.id);

/**
 * Changes a member's mail settings (what is left out stays) and answers them: the caller's own,
 * or those of the member a signed unsubscribe link names.
 */
export async function changeNotificationSettings(
  writes: WritePath,
  member: Pick<SessionViewer, 'id'>,
  input: UpdateNotificationSettingsInput,
): Promise<NotificationSettings> {
  return writes.run(async (w) => {
    const before = await readNotificationSettings(w.trx, member.id, true);
    const after: NotificationSettings = {
      emailOnComment: input.emailOnComment ?? before.emailOnComment,
      emailOnReply: input.emailOnReply ?? before.emailOnReply,
    };
    if (after.emailOnComment !== before.emailOnComment || after.emailOnReply !== before.emailOnReply) {
      await writeNotificationSettings(w.trx, member.id, after);
      w.record({ type: 'notification-settings.changed', memberId: member.id });
    }
    return after;
  });
}

/**
 * A mail's unsubscribe link, used (ADR 0020): turns off the one kind of mail it names for the
 * member it names, and nothing else. Once off it stays off, so the link may be used again.
 */
export async function unsubscribeFromMail(writes: WritePath, link: UnsubscribeLink): Promise<UnsubscribeResult> {
  const setting = UNSUBSCRIBE_SETTING[link.kind];
  await changeNotificationSettings(writes, { id: link.memberId }, { [setting]: false });
  return { turnedOff: setting };
}
