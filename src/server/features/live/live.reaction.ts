import type { LiveEventName } from '#shared/live-events.ts';
import { liveEventSchemas, type LiveEventData } from '#shared/schemas/live.ts';
import type { Db } from '../../db/schema.ts';
import type { DomainEvent, EventOf, NotificationFacts } from '../../write-path/events.ts';
import type { Reaction } from '../../write-path/write-path.ts';
import { isPostgres } from '../../db/engine.ts';
import { announcementTotal, announcementWithTotal, findListedAnnouncement } from '../announcements/announcements.service.ts';
import { findListedComment } from '../comments/comments.service.ts';
import { unreadCountsOf } from '../notifications/notifications.service.ts';
import { findListedPost } from '../posts/posts.service.ts';
import { everyone, memberOnly, streamsEnd, subscribersOf, type Audience, type LiveBus, type LiveMessage } from './live.bus.ts';

/** The domain events a live event follows from. */
const LIVE_SOURCES = new Set<DomainEvent['type']>([
  'post.published',
  'post.edited',
  'post.removed',
  'comment.added',
  'comment.edited',
  'comments.removed',
  'vote.cast',
  'announcement.published',
  'announcement.edited',
  'announcement.removed',
  'tag.created',
  'tag.renamed',
  'tag.deleted',
  'notification.created',
  'notification.read',
  'notifications.read-all',
  'unread.changed',
  'sessions.ended',
  'member.banned',
  'payment.failed',
]);

/**
 * Through the event's schema: the data carries exactly the fields API.md gives it (an email,
 * or anything else a row happened to hold, never leaves).
 */
function message<N extends LiveEventName>(name: N, audience: Audience, data: LiveEventData<N>): LiveMessage {
  return { name, audience, data: JSON.stringify(liveEventSchemas[name].parse(data)) };
}

type NotificationData = LiveEventData<'notification'>;
/** What a notification's recipients each have of their own. */
type OwnPart = Pick<NotificationData, '_id' | 'read' | 'unread'>;
type SharedPart = Omit<NotificationData, keyof OwnPart>;

const sameShared = (a: NotificationFacts, b: NotificationFacts) =>
  a.type === b.type &&
  a.createdAt === b.createdAt &&
  a.actor.name === b.actor.name &&
  a.actor.photo === b.actor.photo &&
  a.postId === b.postId &&
  a.commentId === b.commentId &&
  a.title === b.title &&
  a.text === b.text;

/**
 * `notification` events' data, their fields picked one by one: like the schema, it lets nothing
 * else the facts might carry leave, and the types hold it to the schema's fields. A comment
 * makes one of these per recipient (thirty and more on a lively post), and the schema's pass
 * cost about 6 µs each (ADR 0011). Its recipients' events differ only in their own part, so
 * the rest is written once for a run of them.
 */
function notificationDataMaker(): (event: EventOf<'notification.created'>, unread: number) => string {
  let last: { facts: NotificationFacts; json: string } | null = null;
  return ({ notification: n }, unread) => {
    if (!last || !sameShared(last.facts, n)) {
      const shared: SharedPart = {
        type: n.type,
        createdAt: n.createdAt,
        actor: { name: n.actor.name, photo: n.actor.photo },
        postId: n.postId,
        commentId: n.commentId,
        title: n.title,
        text: n.text,
      };
      last = { facts: n, json: JSON.stringify(shared) };
    }
    const own: OwnPart = { _id: n._id, read: n.read, unread };
    // Two JSON objects made one: `{own}` without its closing brace, then `{shared}` without its opening one.
    return `${JSON.stringify(own).slice(0, -1)},${last.json.slice(1)}`;
  };
}

type CountEvent = EventOf<'notification.created' | 'notification.read' | 'notifications.read-all' | 'unread.changed'>;

/** The member whose unread count the event gives, or null when it gives none. */
function countedMember(event: DomainEvent): string | null {
  switch (event.type) {
    case 'notification.created':
      return event.recipientId;
    case 'notification.read':
    case 'notifications.read-all':
    case 'unread.changed':
      return event.memberId;
    default:
      return null;
  }
}

/**
 * The live event of one domain event made of the write's own facts, with no read: null when it
 * has none, undefined when it is read from the committed rows (messageFromRows). A comment makes
 * one `notification` event per recipient, so these are made without an async call each.
 * `unreadOf` gives a member's unread count to send (see messagesOf).
 */
function messageFromFacts(
  event: DomainEvent,
  notificationData: (event: EventOf<'notification.created'>, unread: number) => string,
  unreadOf: (event: CountEvent) => number,
): LiveMessage | LiveMessage[] | null | undefined {
  switch (event.type) {
    case 'post.removed':
      return message('post-deleted', everyone, { postId: event.post.id });
    case 'comment.added':
      // The comment and its writer as the commit left them.
      return message('comment', subscribersOf(event.comment.postId), event.listed);
    case 'comments.removed':
      // One by its writer or an admin, or a ban's reported comments: each leaves its post's page.
      return event.comments.map((c) => message('comment-deleted', subscribersOf(c.postId), { postId: c.postId, commentId: c.id }));
    case 'notification.created':
      return { name: 'notification', audience: memberOnly(event.recipientId), data: notificationData(event, unreadOf(event)) };
    case 'notification.read':
    case 'notifications.read-all':
    case 'unread.changed':
      return message('unread-count', memberOnly(event.memberId), { count: unreadOf(event) });
    case 'vote.cast':
      // The counts its commit left; several votes on one post in a batch make one event (below).
      return message('votes', subscribersOf(event.postId), { postId: event.postId, ...event.counts });
    case 'tag.created':
      return message('tags', everyone, { postsRetagged: false });
    case 'tag.renamed':
    case 'tag.deleted':
      return message('tags', everyone, { postsRetagged: event.postIds.length > 0 });
    case 'payment.failed':
      // Only the payer's streams: their membership page stops saying the payment is being processed.
      return message('payment-failed', memberOnly(event.memberId), {});
    case 'member.banned':
      // The ban deletes every session of the member's: all their streams end.
      return streamsEnd(event.memberId, null);
    case 'sessions.ended':
      // Made in messagesOf, one for the member's sessions that ended together.
      return null;
    case 'post.published':
    case 'post.edited':
    case 'comment.edited':
    case 'announcement.published':
    case 'announcement.edited':
    case 'announcement.removed':
      return undefined;
    default:
      return null;
  }
}

/** The live event read after the commit (null when its row is gone), or with what it reads (an announcement's removal: the bell's count). */
async function messageFromRows(db: Db, event: DomainEvent): Promise<LiveMessage | null> {
  switch (event.type) {
    case 'post.published': {
      const post = await findListedPost(db, event.post.id);
      return post && message('post', everyone, post);
    }
    // An edit is rare, and may be an admin's: the row gives its writer's name and photo, and the
    // text and HTML as they are now (a later edit's, should one have committed meanwhile).
    case 'post.edited': {
      const post = await findListedPost(db, event.post.id);
      return post && message('post-edited', subscribersOf(post._id), post);
    }
    case 'comment.edited': {
      const comment = await findListedComment(db, event.comment.id);
      return comment && message('comment-edited', subscribersOf(comment.postId), comment);
    }
    case 'announcement.published': {
      const announcement = await announcementWithTotal(db, event.announcementId);
      return announcement && message('announcement', everyone, announcement);
    }
    case 'announcement.edited': {
      const announcement = await findListedAnnouncement(db, event.announcementId);
      return announcement && message('announcement-edited', everyone, announcement);
    }
    // Every member's notification of it went too, with no event of each member's own: the
    // browsers that hear this fetch their unread count and inbox again.
    case 'announcement.removed':
      return message('announcement-deleted', everyone, { announcementId: event.announcementId, total: await announcementTotal(db) });
    default:
      return null;
  }
}

/**
 * After the commit: the write's events become the live events of API.md. The reaction only
 * queues them and returns, so publishing never holds a write's answer; the queue is read in
 * order, each event's data read from the committed rows (a new post, an edit: none when the row
 * is gone; an announcement's removal, the bell's count after it), or for a new comment, a removal
 * of posts or comments or a vote taken from the write's own facts (what it
 * committed), a new comment left out when a write queued with it removed it. Several votes on
 * one post in a batch make one `votes` event (the counts the last of them left), and the
 * sessions of a member that ended in a batch one `streams-end` naming them all. A member's
 * unread count goes with each of their `notification` events, and alone (`unread-count`) after
 * a read or a removal, unless a later event of the batch gives it. A failure is reported and
 * never reaches the write.
 */
export function liveReaction(deps: { db: Db; bus: LiveBus; onError: (error: unknown) => void }): Reaction {
  let queue: DomainEvent[] = [];
  let draining = false;

  async function messagesOf(events: DomainEvent[]): Promise<LiveMessage[]> {
    const lastVote = new Map<string, DomainEvent>();
    /** Each member's last event of the batch that gives their unread count. */
    const lastCount = new Map<string, DomainEvent>();
    const goneComments = new Set<string>();
    const gonePosts = new Set<string>();
    /** The sessions that ended, by member: Better Auth tells of a password reset's one by one. */
    const endedSessions = new Map<string, string[]>();
    for (const e of events) {
      const counted = countedMember(e);
      if (counted !== null) lastCount.set(counted, e);
      if (e.type === 'vote.cast') lastVote.set(e.postId, e);
      else if (e.type === 'comments.removed') for (const c of e.comments) goneComments.add(c.id);
      else if (e.type === 'post.removed') gonePosts.add(e.post.id);
      else if (e.type === 'sessions.ended') {
        const ids = endedSessions.get(e.memberId);
        if (ids) ids.push(e.sessionId);
        else endedSessions.set(e.memberId, [e.sessionId]);
      }
    }
    // On PostgreSQL a comment reads the counts of the members whose unread row it only brings up
    // to date before other writes commit (a read, another post's comment): their count sent is
    // the one committed now. Counts a write moved were held until its commit; on SQLite writes
    // take turns, so there every write's own count is the committed one.
    const readEarlier = new Set<string>();
    if (isPostgres(deps.db)) {
      for (const [member, e] of lastCount) if (e.type === 'notification.created' && e.unreadRead) readEarlier.add(member);
    }
    let committed: Map<string, number> | null = null;
    if (readEarlier.size > 0) {
      try {
        committed = await unreadCountsOf(deps.db, [...readEarlier]);
      } catch (error) {
        deps.onError(error);
      }
    }
    const unreadOf = (e: CountEvent) => committed?.get(countedMember(e)!) ?? e.unread;
    const messages: LiveMessage[] = [];
    const notificationData = notificationDataMaker();
    for (const e of events) {
      if (e.type === 'sessions.ended') {
        // All of the member's in one word, at the first: their streams end no later than they would.
        const ids = endedSessions.get(e.memberId);
        endedSessions.delete(e.memberId);
        if (ids) messages.push(streamsEnd(e.memberId, ids));
        continue;
      }
      if (e.type === 'vote.cast' && (lastVote.get(e.postId) !== e || gonePosts.has(e.postId))) continue;
      // A count alone, when a later event of the batch gives the member's count anyway.
      const counted = countedMember(e);
      if (counted !== null && e.type !== 'notification.created' && lastCount.get(counted) !== e) continue;
      // A comment removed (or whose post was) by a write queued with it has no event any more.
      if (e.type === 'comment.added' && (goneComments.has(e.comment.id) || gonePosts.has(e.comment.postId))) continue;
      try {
        let m = messageFromFacts(e, notificationData, unreadOf);
        if (m === undefined) m = await messageFromRows(deps.db, e);
        if (Array.isArray(m)) messages.push(...m);
        else if (m) messages.push(m);
      } catch (error) {
        deps.onError(error);
      }
    }
    return messages;
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      while (queue.length > 0) {
        // Writes that commit meanwhile join this publish.
        if (deps.bus.lingerMs > 0) await new Promise((resolve) => setTimeout(resolve, deps.bus.lingerMs));
        const events = queue;
        queue = [];
        try {
          await deps.bus.publish(await messagesOf(events));
        } catch (error) {
          deps.onError(error);
        }
      }
    } finally {
      draining = false;
    }
  }

  return {
    name: 'live',
    afterCommit(events) {
      for (const e of events) if (LIVE_SOURCES.has(e.type)) queue.push(e);
      if (queue.length > 0 && !draining) void drain();
    },
  };
}
