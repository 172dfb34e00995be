import type { NotificationType, Role } from '#shared/constants.ts';
import type { PublicComment } from '#shared/schemas/comment.ts';
import type { VoteDirection } from '#shared/schemas/post.ts';

/**
 * What a write did, as facts: the work of a write records these on its transaction, and the
 * reactions (write-path/reactions.ts) read them — the counters ledger, and later the search
 * index and notification rows, inside the same transaction; the read cache, the checkpointer
 * and later the live stream and mail after the commit. An event carries what a reaction needs
 * about rows that may no longer exist (a removed post's comments, say), so no reaction has to
 * read them back.
 */

/** A post as its reactions need it. */
export interface PostFacts {
  id: string;
  authorId: string;
  category: string;
  createdAt: string;
}

/** A comment as its reactions need it. */
export interface CommentFacts {
  id: string;
  postId: string;
  authorId: string;
  createdAt: string;
}

/** Comments that went with a post, counted per commenter and UTC day (YYYY-MM-DD). */
export interface CommentTally {
  authorId: string;
  day: string;
  count: number;
}

/** Points the author of a post had received by votes on it, per UTC day. */
export interface VotePoints {
  day: string;
  points: number;
}

export type { NotificationType };

/**
 * A notification as its member reads it (GET /api/notifications), recorded by the
 * notifications reaction once its row is written, so what follows the commit (the member's
 * live stream, the email) needs no read of its own.
 */
export interface NotificationFacts {
  _id: string;
  type: NotificationType;
  read: boolean;
  createdAt: string;
  actor: { name: string; photo: string | null };
  postId: string | null;
  commentId: string | null;
  title: string;
  text: string;
}

export type DomainEvent =
  | { type: 'member.joined'; memberId: string }
  /** A new name or photo. */
  | { type: 'member.updated'; memberId: string }
  | { type: 'member.promoted'; memberId: string; role: Role }
  | { type: 'member.demoted'; memberId: string }
  | { type: 'member.banned'; memberId: string }
  /**
   * A session of a member ended (sign-out, a password reset, a revoked or expired session): one
   * event per session, by its id (not its token, which would sign in).
   */
  | { type: 'sessions.ended'; memberId: string; sessionId: string }
  | { type: 'membership.upgraded'; memberId: string }
  | { type: 'tag.created'; tagId: string; tag: string }
  /** A tag's new name; its posts (`postIds`) now carry it. */
  | { type: 'tag.renamed'; tagId: string; from: string; to: string; postIds: string[] }
  /** A tag removed; its posts (`postIds`) moved to the tag `movedTo` (null when it had none). */
  | { type: 'tag.deleted'; tagId: string; tag: string; movedTo: string | null; postIds: string[] }
  | { type: 'post.published'; post: PostFacts }
  | {
      type: 'post.removed';
      post: PostFacts & { upVotes: number; downVotes: number; commentCount: number };
      /** Everything removed with it (foreign keys cascade). */
      comments: CommentTally[];
      commentIds: string[];
      votePoints: VotePoints[];
      reports: number;
    }
  /** A post's title, description or tag changed (the version before it is kept as a revision). */
  | { type: 'post.edited'; post: PostFacts; before: { category: string } }
  | {
      type: 'comment.added';
      comment: CommentFacts;
      postAuthorId: string;
      /**
       * The rest of what the search index is made of (with `listed.commentHtml`), known to the
       * write already: its post's title and tag (on PostgreSQL, reading them back cost a round trip).
       */
      indexed: { postTitle: string; postCategory: string };
      /**
       * The comment as its post's page lists it, known to the write as well (its writer's name
       * and photo come with the session): the live event is made of it, with no read after the
       * commit.
       */
      listed: PublicComment;
    }
  /** A comment's text changed (the version before it is kept as a revision). */
  | { type: 'comment.edited'; comment: CommentFacts }
  /** Comments removed one by one or together (a ban's reported comments), with their reports. */
  | { type: 'comments.removed'; comments: Array<CommentFacts & { reported: boolean }> }
  | {
      type: 'vote.cast';
      postId: string;
      postAuthorId: string;
      voterId: string;
      before: VoteDirection | null;
      /**
       * When the vote `before` was cast (null with none): its points were booked on that day,
       * and come off that day.
       */
      beforeAt: string | null;
      after: VoteDirection | null;
      at: string;
      /** The post's counts as this vote's commit leaves them (its row is held while it is cast). */
      counts: { upVote: number; downVote: number };
    }
  | { type: 'report.filed'; reportId: string; commentId: string }
  /** An admin dismissed a report; the comment stays. */
  | { type: 'report.dismissed'; reportId: string; commentId: string }
  | { type: 'announcement.published'; announcementId: string }
  | { type: 'announcement.edited'; announcementId: string }
  | { type: 'announcement.removed'; announcementId: string }
  | { type: 'payment.started'; paymentId: string; memberId: string }
  | { type: 'payment.confirmed'; intentId: string }
  /** The bank declined a payment the provider was processing (Stripe's payment_intent.payment_failed). */
  | { type: 'payment.failed'; intentId: string; memberId: string }
  | { type: 'webhook.received'; eventId: string }
  | { type: 'image.stored'; imageId: string; ownerId: string }
  /**
   * Recorded by the notifications reaction (not by a write's work) for each notification row
   * it wrote for one member, or brought up to a new comment (the same `_id`, see
   * notifications.reaction.ts): `unread` is that member's unread count after it, `email` whether
   * it is also to be mailed (the member's settings allow it and no mail went for that post to
   * that member in the last 10 minutes). Announcements notify every member with one statement
   * and record no event per member: the `announcement` live event stands for them.
   */
  | {
      type: 'notification.created';
      recipientId: string;
      notification: NotificationFacts;
      unread: number;
      email: boolean;
      /**
       * `unread` was read by the write, not moved by it (a row only brought up to date): on
       * PostgreSQL another write may have moved it before this one committed.
       */
      unreadRead?: boolean;
    }
  /** A member read one of their notifications; `unread` is their unread count after it. */
  | { type: 'notification.read'; memberId: string; notificationId: string; unread: number }
  /** A member marked every notification read (`count` of them were unread, `unread` are left). */
  | { type: 'notifications.read-all'; memberId: string; count: number; unread: number }
  /**
   * Recorded by the notifications reaction for each member whose unread notifications a removal
   * (of comments, a post) took: `unread` is their count after it. An announcement's removal
   * records none, as its publication records no `notification.created`: its one live event
   * (`announcement-deleted`) stands for every member's.
   */
  | { type: 'unread.changed'; memberId: string; unread: number }
  /** A member changed their notification mail settings. */
  | { type: 'notification-settings.changed'; memberId: string }
  /** A whole forum loaded at once (its counts were counted from its rows). */
  | { type: 'forum.seeded' }
  /** The search index is to be made again from the rows (`npm run reindex`). */
  | { type: 'search.rebuild' }
  /**
   * Search documents made with an older version of the terms' rule, found and held by a write
   * of the catch-up (features/search/search.catch-up.ts): the index makes them again.
   */
  | { type: 'search.outdated'; documentIds: number[] }
  /** The leaderboard's weekly sums moved on to a new day (no content changed). */
  | { type: 'activity.rolled'; day: string };

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
