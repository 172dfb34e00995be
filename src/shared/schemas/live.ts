import { z } from 'zod';
import { LIVE_EVENT_ID, type LiveEventName } from '../live-events.ts';
import { announcementSchema } from './announcement.ts';
import { publicCommentSchema } from './comment.ts';
import { notificationSchema } from './notification.ts';
import { postSchema } from './post.ts';

// GET /api/events (API.md "Live updates"): the query, and the data of each event. The server
// sends every event through these schemas (what a schema does not name, an email say, never
// leaves), but for `notification`, whose fields it picks one by one (one event per recipient of
// a comment: live.reaction.ts); the browser reads them all with these.

export const liveQuerySchema = z.object({
  /** Adds that post's events (its edits, its comments and their edits and removals, `votes`) to the stream. */
  post: z.string().trim().min(1).max(64).optional(),
  /**
   * The last id a client saw, for a client that cannot send the Last-Event-ID header (a new
   * EventSource, opened again with another post); the header wins when both are given.
   */
  lastEventId: z.string().regex(LIVE_EVENT_ID, 'must be an event id').optional(),
});
export type LiveQuery = z.infer<typeof liveQuerySchema>;

export const liveVotesSchema = z.object({ postId: z.string(), upVote: z.number().int(), downVote: z.number().int() });
export type LiveVotes = z.infer<typeof liveVotesSchema>;

/** A comment gone from its post (removed by its writer or an admin, or with a ban). */
export const liveCommentDeletedSchema = z.object({ postId: z.string(), commentId: z.string() });
export type LiveCommentDeleted = z.infer<typeof liveCommentDeletedSchema>;

export const liveAnnouncementSchema = announcementSchema.extend({
  /** The bell's count after it. */
  total: z.number().int(),
});
export type LiveAnnouncement = z.infer<typeof liveAnnouncementSchema>;

/** An announcement an admin removed, and the bell's count after it (every member's notification of it went with it). */
export const liveAnnouncementDeletedSchema = z.object({ announcementId: z.string(), total: z.number().int() });
export type LiveAnnouncementDeleted = z.infer<typeof liveAnnouncementDeletedSchema>;

/**
 * An admin created, renamed or removed a tag: the tag lists are read again, and the post lists
 * too when posts now show another tag's name (a rename, or a removal that moved them).
 */
export const liveTagsSchema = z.object({ postsRetagged: z.boolean() });
export type LiveTags = z.infer<typeof liveTagsSchema>;

/** A notification as GET /api/notifications lists it, and the member's unread count after it. */
export const liveNotificationSchema = notificationSchema.extend({ unread: z.number().int() });
export type LiveNotification = z.infer<typeof liveNotificationSchema>;

/**
 * A member's unread count after a change no `notification` event tells of: a read (on another
 * device, say), or notifications gone with their comment or post. As GET /api/notifications/unread-count answers it.
 */
export const liveUnreadCountSchema = z.object({ count: z.number().int() });
export type LiveUnreadCount = z.infer<typeof liveUnreadCountSchema>;

/**
 * The bank declined the member's Gold payment that was being processed (Stripe's
 * payment_intent.payment_failed): their membership page says it failed and offers the card form
 * again. It carries nothing more; the checkout answers whatever else the page needs.
 */
export const livePaymentFailedSchema = z.object({});
export type LivePaymentFailed = z.infer<typeof livePaymentFailedSchema>;

export const liveEventSchemas = {
  post: postSchema,
  /** The edited post as the lists show it (the post page's data but the reader's own myVote and canDelete). */
  'post-edited': postSchema,
  'post-deleted': z.object({ postId: z.string() }),
  comment: publicCommentSchema,
  'comment-edited': publicCommentSchema,
  'comment-deleted': liveCommentDeletedSchema,
  votes: liveVotesSchema,
  announcement: liveAnnouncementSchema,
  /** The edited announcement as the lists show it (its new title and text). */
  'announcement-edited': announcementSchema,
  'announcement-deleted': liveAnnouncementDeletedSchema,
  tags: liveTagsSchema,
  notification: liveNotificationSchema,
  'unread-count': liveUnreadCountSchema,
  'payment-failed': livePaymentFailedSchema,
} as const satisfies Record<LiveEventName, z.ZodType>;

export type LiveEventData<N extends LiveEventName> = z.infer<(typeof liveEventSchemas)[N]>;
