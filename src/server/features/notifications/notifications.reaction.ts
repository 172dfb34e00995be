import { NOTIFICATION_EMAIL_INTERVAL_MS, NOTIFICATION_TEXT_MAX, type NotificationType } from '#shared/constants.ts';
import type { Db } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { excerptOf } from '../../lib/markdown/render-markdown.ts';
import type { DomainEvent, EventOf, NotificationFacts } from '../../write-path/events.ts';
import type { Reaction } from '../../write-path/write-path.ts';
import {
  emailedSince,
  findAnnouncementSource,
  findCommentContext,
  findCommentRecipients,
  findMemberActor,
  insertAnnouncementNotifications,
  insertNotifications,
  removeNotifications,
  type NotificationRow,
} from './notifications.queries.ts';

type Recorder = (event: DomainEvent) => void;

export const MEMBERSHIP_TITLE = 'Gold membership';
export const MEMBERSHIP_TEXT = 'Your Gold membership is active.';

/**
 * Notification rows follow the writes inside their transaction (API.md "Notifications"): a
 * comment notifies its post's author (`comment`) and the post's other recent commenters
 * (`reply`), an announcement every member, an upgrade its member; a removed comment, post or
 * announcement takes its notifications. Each row written for one member is recorded as
 * `notification.created`, with the member's unread count after it and whether it is to be
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
      return notifyComment(db, event, record);
    case 'comments.removed':
      return removeNotifications(db, { commentIds: event.comments.map((c) => c.id) });
    case 'post.removed':
      return removeNotifications(db, { postId: event.post.id });
    case 'announcement.published':
      return notifyAnnouncement(db, event.announcementId);
    case 'announcement.removed':
      return removeNotifications(db, { announcementId: event.announcementId });
    case 'membership.upgraded':
      return notifyMembership(db, event.memberId, record);
    default:
      return;
  }
}

/** Whether a member's settings let this type go by mail (only comments and replies ever do). */
const mailAllowed = (type: NotificationType, settings: { emailOnComment: boolean; emailOnReply: boolean }) =>
  (type === 'comment' && settings.emailOnComment) || (type === 'reply' && settings.emailOnReply);

async function notifyComment(db: Db, event: EventOf<'comment.added'>, record: Recorder): Promise<void> {
  const context = await findCommentContext(db, event.comment.id);
  if (!context) return;
  const recipients = await findCommentRecipients(db, {
    postId: context.postId,
    postAuthorId: context.postAuthorId,
    actorId: context.actor.id,
  });
  if (recipients.length === 0) return;
  const createdAt = event.comment.createdAt;
  const text = excerptOf(context.commentHtml, NOTIFICATION_TEXT_MAX);
  const typed = recipients.map((r) => {
    const type: NotificationType = r.id === context.postAuthorId ? 'comment' : 'reply';
    return { id: r.id, type, mail: mailAllowed(type, r) };
  });
  // At most one mail per post per member in the interval; the post's row is held by the comment,
  // so two comments on one post decide this one after the other.
  const since = new Date(Date.parse(createdAt) - NOTIFICATION_EMAIL_INTERVAL_MS).toISOString();
  const mailedLately = await emailedSince(
    db,
    context.postId,
    typed.filter((r) => r.mail).map((r) => r.id),
    since,
  );
  const rows: NotificationRow[] = typed.map((r) => ({
    id: newId(),
    memberId: r.id,
    type: r.type,
    actorId: context.actor.id,
    postId: context.postId,
    commentId: event.comment.id,
    announcementId: null,
    title: context.postTitle,
    text,
    emailedAt: r.mail && !mailedLately.has(r.id) ? createdAt : null,
    createdAt,
  }));
  const unread = await insertNotifications(db, rows);
  const actor = { name: context.actor.name, photo: context.actor.photo };
  for (const row of rows) recordCreated(record, row, actor, unread.get(row.memberId) ?? 0);
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

function recordCreated(record: Recorder, row: NotificationRow, actor: NotificationFacts['actor'], unread: number): void {
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
  record({ type: 'notification.created', recipientId: row.memberId, notification, unread, email: row.emailedAt !== null });
}
