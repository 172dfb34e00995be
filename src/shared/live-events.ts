// The names and ids of GET /api/events (API.md "Live updates"), without zod: the browser's
// first view reads this file; the data of each event is in schemas/live.ts.

export const LIVE_EVENT_NAMES = [
  'post',
  'post-edited',
  'post-deleted',
  'comment',
  'comment-edited',
  'comment-deleted',
  'votes',
  'announcement',
  'announcement-edited',
  'announcement-deleted',
  'tags',
  'notification',
  'unread-count',
  'payment-failed',
] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

/** An event id: `<milliseconds>-<sequence>`, the form of a Redis stream id, ordered by both parts. */
export const LIVE_EVENT_ID = /^\d{1,15}-\d{1,15}$/;
