import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

// Kysely types of every table. Timestamps of our own tables are UTC ISO-8601 text set by the
// app; Better Auth's own tables (users, sessions, accounts, verifications) hold what its
// adapter writes (text on SQLite, timestamptz on PostgreSQL).

type AuthTime = ColumnType<Date | string, Date | string, Date | string>;
type AuthBool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: AuthBool;
  image: string | null;
  created_at: AuthTime;
  updated_at: AuthTime;
  role: Generated<string>;
  membership: Generated<string>;
  banned_at: string | null;
  post_count: Generated<number>;
  /** Notifications not read yet, moved with every one written, read or removed. */
  unread_notifications: Generated<number>;
  /** Mail settings for `comment` and `reply` notifications: 1 or 0. */
  email_on_comment: Generated<number>;
  email_on_reply: Generated<number>;
  /** Part of the idempotency key of the member's next Gold payment; moved on when the provider fails one. */
  checkout_attempt: Generated<number>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: AuthTime;
  ip_address: string | null;
  user_agent: string | null;
  created_at: AuthTime;
  updated_at: AuthTime;
}

export interface AccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthTime | null;
  refresh_token_expires_at: AuthTime | null;
  scope: string | null;
  password: string | null;
  created_at: AuthTime;
  updated_at: AuthTime;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: AuthTime;
  created_at: AuthTime;
  updated_at: AuthTime;
}

export interface BannedEmailsTable {
  email: string;
  banned_at: string;
  banned_by: string | null;
}

export interface TagsTable {
  id: string;
  tag: string;
  created_at: string;
  /** The number of posts with this tag, moved with every post written or removed. */
  post_count: Generated<number>;
}

export interface PostsTable {
  id: string;
  author_id: string;
  title: string;
  description: string;
  category: string;
  created_at: string;
  up_votes: Generated<number>;
  down_votes: Generated<number>;
  /** up_votes − down_votes, stored so popularity is an index range scan. */
  score: Generated<number>;
  comment_count: Generated<number>;
  /** The description rendered when written (lib/markdown), and its plain-text start. */
  description_html: Generated<string>;
  excerpt: Generated<string>;
  edited_at: string | null;
}

export interface CommentsTable {
  id: string;
  post_id: string;
  author_id: string;
  comment: string;
  created_at: string;
  comment_html: Generated<string>;
  edited_at: string | null;
}

export interface VotesTable {
  post_id: string;
  user_id: string;
  /** 1 for up, −1 for down. */
  value: number;
  created_at: string;
}

export interface ReportsTable {
  id: string;
  comment_id: string;
  reporter_id: string;
  feedback: string;
  created_at: string;
  /** The comment's text as it was reported: a later edit does not change it. */
  comment: string;
  /** That text's HTML, as rendered when the comment was written (lib/markdown). */
  comment_html: string;
}

export interface AnnouncementsTable {
  id: string;
  author_id: string;
  title: string;
  description: string;
  created_at: string;
  description_html: Generated<string>;
  /** The last edit's time; null: never edited. */
  edited_at: string | null;
}

/** A post as it was before an edit. */
export interface PostRevisionsTable {
  id: string;
  post_id: string;
  editor_id: string;
  title: string;
  description: string;
  description_html: string;
  category: string;
  edited_at: string;
}

/** A comment as it was before an edit. */
export interface CommentRevisionsTable {
  id: string;
  comment_id: string;
  editor_id: string;
  comment: string;
  comment_html: string;
  edited_at: string;
}

export interface ImagesTable {
  id: string;
  owner_id: string;
  content_type: string;
  bytes: Uint8Array;
  width: number;
  height: number;
  created_at: string;
}

export interface PaymentsTable {
  id: string;
  user_id: string;
  provider: string;
  intent_id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface ActivityDailyTable {
  user_id: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  posts: number;
  points: number;
}

/** A member's sums over the 7 days ending on `day` (features/leaderboard/activity.queries.ts). */
export interface ActivityWeekTable {
  user_id: string;
  /** UTC day, YYYY-MM-DD: the last of the 7 days summed. */
  day: string;
  posts: number;
  points: number;
}

export interface WebhookEventsTable {
  id: string;
  type: string;
  received_at: string;
}

/**
 * Site-wide totals kept in step with every write, so counts never scan a table; each total is
 * the sum of its shards (a write moves one shard: no single hot row, see migration 0008).
 */
export interface CountersTable {
  name: string;
  shard: Generated<number>;
  value: number;
}

/** One post or comment in the search index (features/search/search.queries.ts). */
export interface SearchDocsTable {
  id: Generated<number>;
  post_id: string;
  /** Null for the post itself. */
  comment_id: string | null;
  author_id: string;
  created_at: string;
  /** The version of the terms' rule it was made with (SEARCH_TERMS_VERSION); 0 before versions were kept. */
  terms_version: Generated<number>;
}

/** One notification of one member (features/notifications). */
export interface NotificationsTable {
  id: string;
  member_id: string;
  type: string;
  actor_id: string;
  post_id: string | null;
  comment_id: string | null;
  announcement_id: string | null;
  title: string;
  /** Plain text: the start of the comment or announcement. */
  text: string;
  read_at: string | null;
  /** When it was also sent by mail (at most one mail per post per member per 10 minutes). */
  emailed_at: string | null;
  /** The time of what it names; a comment's moves when it is mailed, read or re-pointed. */
  created_at: string;
  /**
   * When it was written, which nothing moves: an unread `comment` or `reply` tells of its post's
   * comments from then on (ADR 0012). Null only where a row was written without it (migration 0026).
   */
  first_at: string | null;
}

/** A post's commenter and the time of their latest comment on it (a new comment's `reply` recipients). */
export interface PostParticipantsTable {
  post_id: string;
  member_id: string;
  last_at: string;
}

/** A mail about a post whose notification went with its deleted comment, kept for its 10 minutes. */
export interface NotificationMailHoldsTable {
  member_id: string;
  post_id: string;
  mailed_at: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  banned_emails: BannedEmailsTable;
  tags: TagsTable;
  posts: PostsTable;
  comments: CommentsTable;
  votes: VotesTable;
  reports: ReportsTable;
  announcements: AnnouncementsTable;
  post_revisions: PostRevisionsTable;
  comment_revisions: CommentRevisionsTable;
  images: ImagesTable;
  payments: PaymentsTable;
  counters: CountersTable;
  activity_daily: ActivityDailyTable;
  activity_week: ActivityWeekTable;
  webhook_events: WebhookEventsTable;
  search_docs: SearchDocsTable;
  notifications: NotificationsTable;
  post_participants: PostParticipantsTable;
  notification_mail_holds: NotificationMailHoldsTable;
}

/** A connection or a transaction: every query function takes either, so services compose them. */
export type Db = Kysely<DB> | Transaction<DB>;
