import { NOTIFICATION_EMAIL_INTERVAL_MS, NOTIFICATION_TEXT_MAX, type NotificationType } from '#shared/constants.ts';
import { excerptOf } from '#shared/html-text.ts';
import type { Db } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { DomainEvent, EventOf, NotificationFacts } from '../../write-path/events.ts';
import type { Reaction } from '../../write-path/write-path.ts';
import {
  findAnnouncementSource,
  findCommentAudience,
  findCommentContext,
  findMemberActor,
  findRepointable,
  holdMailsOf,
  insertAnnouncementNotifications,
  insertNotifications,
  markNotificationsMailed,
  pointNotificationAt,
  recordParticipation,
  recountParticipants,
  removeNotifications,
  setAnnouncementNotificationText,
  setNotificationText,
  setNotificationTitle,
  type NotificationRow,
} from './notifications.queries.ts';

type Recorder = (event: DomainEvent) => void;

export const MEMBERSHIP_TITLE = 'Gold membership';
export const MEMBERSHIP_TEXT = 'Your Gold membership is active.';

/**
 * Notification rows follow the writes inside their transaction (API.md "Notifications"): a
 * comment notifies its post's author (`comment`) and the post's other recent commenters
 * (`reply`), an announcement every member, an upgrade its member; a removed comment, post or
 * announcement takes its notifications. Each post's most recent commenters are kept beside
 * (`post_participants`, with their latest comment's time), where the replies' recipients are
 * read from. Each row written (or brought up to date) for one member
 * is recorded as `notification.created`, with the member's unread count after it and whether it is to be
 * mailed, for what follows the commit (the live stream, the mail).
 */
export const notificationRows: Reaction = {
  name: 'notifications',
  async inTransaction(trx, events, record) {
    // What this reaction records is appended to `events`: follow only what was there.
    for (const event of [...events]) await follow(trx, event, record);
  },
};

async function follow(db: Db, event: DomainEvent, record: Recorder): Promise<void> {
  switch (event.type) {
    case 'comment.added':
      await recordParticipation(db, { postId: event.comment.postId, memberId: event.comment.authorId, at: event.comment.createdAt });
      return notifyComment(db, event, record);
    case 'comments.removed':
      await recountParticipants(db, [...new Set(event.comments.map((c) => c.postId))]);
      return recordUnread(
        record,
        await removeCommentNotifications(
          db,
          event.comments.map((c) => c.id),
        ),
      );
    case 'post.removed':
      return recordUnread(record, await removeNotifications(db, { postId: event.post.id }));
    case 'comment.edited':
      return refreshCommentNotifications(db, event.comment.id);
    case 'post.edited':
      return setNotificationTitle(db, event.post.id);
    case 'announcement.published':
      return notifyAnnouncement(db, event.announcementId);
    case 'announcement.edited':
      return refreshAnnouncementNotifications(db, event.announcementId);
    case 'announcement.removed':
      // Every member's count may move: as at its publication, no event per member (the
      // `announcement-deleted` live event stands for them all).
      await removeNotifications(db, { announcementId: event.announcementId });
      return;
    case 'membership.upgraded':
      return notifyMembership(db, event.memberId, record);
    default:
      return;
  }
}

/** An edited comment's notifications quote its new text. */
async function refreshCommentNotifications(db: Db, commentId: string): Promise<void> {
  const context = await findCommentContext(db, commentId);
  if (context) await setNotificationText(db, commentId, excerptOf(context.commentHtml, NOTIFICATION_TEXT_MAX));
}

/** Whether a member's settings let this type go by mail (only comments and replies ever do). */
export const mailAllowed = (type: NotificationType, settings: { emailOnComment: boolean; emailOnReply: boolean }) =>
  (type === 'comment' && settings.emailOnComment) || (type === 'reply' && settings.emailOnReply);

/**
 * A member has at most one unread `comment` or `reply` notification per post: a comment on a
 * post where the member still has one adds nothing, and that row shows the newest comment when
 * it is listed (ADR 0012), so the member's list and unread count say "new activity here" once,
 * and the comment writes one row only for the members who have read what they had (and for those
 * it is mailed to, the time of the mail). The live event carries the row as it now shows.
 */
async function notifyComment(db: Db, event: EventOf<'comment.added'>, record: Recorder): Promise<void> {
  const { comment, postAuthorId } = event;
  const createdAt = comment.createdAt;
  // At most one mail per post per member in the interval; the post's row is held by the comment,
  // so two comments on one post decide this one after the other.
  const since = new Date(Date.parse(createdAt) - NOTIFICATION_EMAIL_INTERVAL_MS).toISOString();
  const audience = await findCommentAudience(db, {
    commentId: comment.id,
    postId: comment.postId,
    postAuthorId,
    actorId: comment.authorId,
    since,
  });
  if (!audience || audience.recipients.length === 0) return;
  const { actor, postTitle } = audience;
  const text = excerptOf(audience.commentHtml, NOTIFICATION_TEXT_MAX);
  const fresh: NotificationRow[] = [];
  const updated: Array<{ row: NotificationRow; unread: number }> = [];
  const mailedIds: string[] = [];
  for (const r of audience.recipients) {
    const type: NotificationType = r.id === postAuthorId ? 'comment' : 'reply';
    const mail = mailAllowed(type, r) && !r.mailedSince;
    const row: NotificationRow = {
      id: r.unreadId ?? newId(),
      memberId: r.id,
      type,
      actorId: comment.authorId,
      postId: comment.postId,
      commentId: comment.id,
      announcementId: null,
      title: postTitle,
      text,
      emailedAt: mail ? createdAt : null,
      createdAt,
    };
    if (r.unreadId === null) {
      fresh.push(row);
    } else {
      // Still unread, so the count stays what it was.
      updated.push({ row, unread: r.unread });
      if (mail) mailedIds.push(r.unreadId);
    }
  }
  await markNotificationsMailed(db, mailedIds, { actorId: comment.authorId, commentId: comment.id, title: postTitle, text, createdAt });
  const unread = await insertNotifications(db, fresh);
  for (const { row, unread: count } of updated) recordCreated(record, row, actor, count, true);
  for (const row of fresh) recordCreated(record, row, actor, unread.get(row.memberId) ?? 0);
}

/**
 * Removed comments take the notifications that name them, but an unread one that later comments
 * were folded into (see notifyComment) points at the newest of those still there instead, so the
 * member is not told less than before; only when none is left does it go, and off the member's
 * count. An unread one that only showed a removed comment (without naming it) shows the next
 * newest by itself.
 */
async function removeCommentNotifications(db: Db, commentIds: string[]): Promise<Array<{ memberId: string; unread: number }>> {
  for (const { id, to } of await findRepointable(db, commentIds)) {
    if (to) await pointNotificationAt(db, id, { ...to, text: excerptOf(to.html, NOTIFICATION_TEXT_MAX) });
  }
  // The mails they carried still count against the next: deleting a comment and writing it
  // again must not mail its post's people again within the interval.
  await holdMailsOf(db, commentIds, new Date(Date.now() - NOTIFICATION_EMAIL_INTERVAL_MS).toISOString());
  return removeNotifications(db, { commentIds });
}

/** The members whose unread count a removal moved hear of it (their other tabs and devices too). */
function recordUnread(record: Recorder, moved: Array<{ memberId: string; unread: number }>): void {
  for (const { memberId, unread } of moved) record({ type: 'unread.changed', memberId, unread });
}

/** An edited announcement's notifications quote its new title and text. */
async function refreshAnnouncementNotifications(db: Db, announcementId: string): Promise<void> {
  const source = await findAnnouncementSource(db, announcementId);
  if (source) {
    await setAnnouncementNotificationText(db, announcementId, {
      title: source.title,
      text: excerptOf(source.description_html, NOTIFICATION_TEXT_MAX),
    });
  }
}

async function notifyAnnouncement(db: Db, announcementId: string): Promise<void> {
  const source = await findAnnouncementSource(db, announcementId);
  if (!source) return;
  // No event per member: the `announcement` live event stands for all of them.
  await insertAnnouncementNotifications(db, {
    announcementId,
    authorId: source.author_id,
    title: source.title,
    text: excerptOf(source.description_html, NOTIFICATION_TEXT_MAX),
    createdAt: source.created_at,
  });
}

async function notifyMembership(db: Db, memberId: string, record: Recorder): Promise<void> {
  const member = await findMemberActor(db, memberId);
  if (!member || member.banned) return;
  // The member is their own actor: they paid for it.
  const row: NotificationRow = {
    id: newId(),
    memberId,
    type: 'membership',
    actorId: memberId,
    postId: null,
    commentId: null,
    announcementId: null,
    title: MEMBERSHIP_TITLE,
    text: MEMBERSHIP_TEXT,
    emailedAt: null,
    createdAt: nowIso(),
  };
  const unread = await insertNotifications(db, [row]);
  recordCreated(record, row, { name: member.name, photo: member.photo }, unread.get(memberId) ?? 0);
}

function recordCreated(
  record: Recorder,
  row: NotificationRow,
  actor: NotificationFacts['actor'],
  unread: number,
  unreadRead = false,
): void {
  const notification: NotificationFacts = {
    _id: row.id,
    type: row.type,
    read: false,
    createdAt: row.createdAt,
    actor,
    postId: row.postId,
    commentId: row.commentId,
    title: row.title,
    text: row.text,
  };
  record({
    type: 'notification.created',
    recipientId: row.memberId,
    notification,
    unread,
    email: row.emailedAt !== null,
    ...(unreadRead ? { unreadRead } : {}),
  });
}
