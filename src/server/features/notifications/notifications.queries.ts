import { sql, type Expression, type ExpressionBuilder, type JoinBuilder, type NotNull, type SqlBool } from 'kysely';
import type { NotificationType } from '#shared/constants.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { Notification, NotificationSettings } from '#shared/schemas/notification.ts';
import { type Args, listArgs, listOf, type Placeholder, prepared, preparedByShape } from '../../db/prepared.ts';
import { isPostgres } from '../../db/engine.ts';
import { lockingRead } from '../../db/row-lock.ts';
import type { DB, Db } from '../../db/schema.ts';
import { offsetOf } from '../../lib/pagination.ts';

/**
 * A reply goes to the post's most recent commenters, this many at most: `post_participants`
 * keeps that many for each post (migration 0020), so a long thread costs no more than a short
 * one. Written into the SQL, not bound: SQLite plans a known limit better.
 */
export const REPLY_RECIPIENTS_MAX = 50;

const forgetParticipant = prepared((db, a: Args<{ postId: string; memberId: string }>) =>
  db.deleteFrom('post_participants').where('post_id', '=', a.postId).where('member_id', '=', a.memberId),
);
const addParticipant = prepared((db, a: Args<{ postId: string; memberId: string; at: string }>) =>
  db.insertInto('post_participants').values({ post_id: a.postId, member_id: a.memberId, last_at: a.at }),
);
/** The post's rows past the most recent REPLY_RECIPIENTS_MAX (none while it has fewer). */
const trimParticipants = prepared((db, a: Args<{ postId: string }>) =>
  db
    .deleteFrom('post_participants')
    .where('post_id', '=', a.postId)
    .where('last_at', '<', (eb) =>
      eb
        .selectFrom('post_participants')
        .select('last_at')
        .where('post_id', '=', a.postId)
        .orderBy('last_at', 'desc')
        .limit(1)
        .offset(sql.lit(REPLY_RECIPIENTS_MAX - 1)),
    ),
);

/**
 * The member commented on the post at `at`: their row moves to that time, and the post keeps
 * its most recent commenters only. A post's rows are a few neighbours in one index, so each of
 * these statements reads a page or two; nothing is read back, so on PostgreSQL they travel with
 * the next statement (db/deferred.ts).
 */
export async function recordParticipation(db: Db, p: { postId: string; memberId: string; at: string }): Promise<void> {
  await forgetParticipant.runDeferrable(db, p);
  await addParticipant.runDeferrable(db, p);
  await trimParticipants.runDeferrable(db, p);
}

/**
 * Each post's rows made from its comments (the REPLY_RECIPIENTS_MAX writers of its latest
 * comments, with their latest comment's time): of the given posts, or of every post without
 * them (migration 0020, the seed). The table holds none of those posts' rows yet.
 */
export async function fillParticipants(db: Db, postIds?: readonly string[]): Promise<void> {
  if (postIds?.length === 0) return;
  const ofPosts = postIds ? sql`where post_id in (${sql.join(postIds)})` : sql``;
  await sql`insert into post_participants (post_id, last_at, member_id)
    select post_id, last_at, author_id from (
      select post_id, author_id, max(created_at) as last_at,
        row_number() over (partition by post_id order by max(created_at) desc, author_id) as n
      from comments ${ofPosts} group by post_id, author_id
    ) as ranked where n <= ${sql.lit(REPLY_RECIPIENTS_MAX)}`.execute(db);
}

/** After comments are removed, each post's rows are what its remaining comments make them. */
export async function recountParticipants(db: Db, postIds: readonly string[]): Promise<void> {
  if (postIds.length === 0) return;
  await db.deleteFrom('post_participants').where('post_id', 'in', postIds).execute();
  await fillParticipants(db, postIds);
}

/** A new comment as its notifications need it, with its post and its writer. */
const commentContextQuery = prepared((db, a: Args<{ commentId: string }>) =>
  db
    .selectFrom('comments as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .select(['c.post_id', 'c.comment_html', 'p.title', 'p.author_id as post_author_id', 'u.id as actor_id', 'u.name', 'u.image'])
    .where('c.id', '=', a.commentId),
);

export async function findCommentContext(db: Db, commentId: string) {
  const row = await commentContextQuery.executeTakeFirst(db, { commentId });
  return row
    ? {
        postId: row.post_id,
        postTitle: row.title,
        postAuthorId: row.post_author_id,
        commentHtml: row.comment_html,
        actor: { id: row.actor_id, name: row.name, photo: row.image },
      }
    : undefined;
}

/** A recipient as the audience query lists it (see recipientList). */
type RecipientTuple = [
  id: string,
  emailOnComment: number,
  emailOnReply: number,
  unread: number,
  notificationId: string | null,
  readAt: string | null,
  emailedAt: string | null,
  /** A mail about the post since `since` whose notification went with its comment (migration 0021). */
  heldAt: string | null,
];

/**
 * The recipients with their notifications, as one JSON array of arrays rather than one row each:
 * the driver makes an object of every row it returns, and for a post with 42 recipients that was
 * two thirds of the statement's time on SQLite (269 µs against 109 as JSON, parsed once). The
 * post, its comment and its writer are in the one row, not repeated on each.
 */
function recipientList(db: Db, n: 's' | 'n') {
  // In the order of RecipientTuple; `n` names the recipients' notifications.
  const fields = sql.join(
    [
      'r.id',
      'r.email_on_comment',
      'r.email_on_reply',
      'r.unread_notifications',
      `${n}.id`,
      `${n}.read_at`,
      `${n}.emailed_at`,
      'h.mailed_at',
    ].map((f) => sql.ref(f)),
  );
  return isPostgres(db)
    ? sql<string | RecipientTuple[]>`coalesce(json_agg(json_build_array(${fields})), '[]'::json)`
    : sql<string | RecipientTuple[]>`json_group_array(json_array(${fields}))`;
}

/** A post's notification that still matters to a new comment: unread, or mailed since `since`. */
const stillShown = (n: 'notifications' | 'n', since: Expression<string>) =>
  sql<SqlBool>`(${sql.ref(`${n}.read_at`)} is null or ${sql.ref(`${n}.emailed_at`)} >= ${since})`;

/** A recipient's hold on the post's mail (migration 0021), if it is still within its interval. */
const heldSince = (
  join: JoinBuilder<DB & { r: { id: string }; h: DB['notification_mail_holds'] }, 'r' | 'h'>,
  a: Args<{ postId: string; since: string }>,
) => join.onRef('h.member_id', '=', 'r.id').on('h.post_id', '=', a.postId).on('h.mailed_at', '>=', a.since);

/**
 * Everything a new comment's notifications are decided on, in one statement (one round trip on
 * PostgreSQL, where each statement is one): the comment with its post and writer; who hears of
 * it, with their mail settings and unread counts (its post's author and its most recent other
 * commenters, never the writer, never a banned member); and, for each of them, the post's
 * notifications still unread or mailed since `since`.
 *
 * The recipients are computed once (materialized), and each one's notifications of the post are
 * looked up by member, never all of a long thread's. On PostgreSQL the notifications found are
 * held until the comment commits: a member marking one read meanwhile waits, and the row then
 * keeps this comment (notifications.service.ts), rather than being read without it while the
 * comment counts on it being unread. PostgreSQL cannot lock the nullable side of an outer join,
 * so there they are a locked read of their own (`s`); SQLite, with one writer and no row locks,
 * joins them directly: with migration 0018's indexes, 354 → 184 µs at 30 recipients (ADR 0012).
 */
const commentAudienceQuery = prepared(
  (db, a: Args<{ commentId: string; postId: string; postAuthorId: string; actorId: string; since: string }>) => {
    const withRecipients = db.with(
      (cte) => cte('r').materialized(),
      (qb) =>
        qb
          .selectFrom('users as u')
          .select(['u.id', 'u.email_on_comment', 'u.email_on_reply', 'u.unread_notifications'])
          .where('u.banned_at', 'is', null)
          .where('u.id', '<>', a.actorId)
          // One list of ids, not "the author or one of these": PostgreSQL answers an OR with a
          // subquery by scanning every member, a list by looking each one up.
          .where('u.id', 'in', (eb) =>
            eb
              .selectFrom(
                eb
                  .selectFrom('post_participants')
                  .select('member_id')
                  .where('post_id', '=', a.postId)
                  .orderBy('last_at', 'desc')
                  .limit(sql.lit(REPLY_RECIPIENTS_MAX))
                  .as('t'),
              )
              .select('t.member_id')
              .unionAll(qb.selectNoFrom(sql<string>`${a.postAuthorId}`.as('member_id'))),
          ),
    );
    return (
      withRecipients
        // Read on PostgreSQL only; SQLite leaves a CTE it is not asked for unread.
        .with('s', (qb) =>
          lockingRead(
            db,
            qb
              .selectFrom('notifications')
              .select(['id', 'member_id', 'read_at', 'emailed_at'])
              .where('post_id', '=', a.postId)
              .where('member_id', 'in', (eb) => eb.selectFrom('r').select('r.id'))
              .where(stillShown('notifications', a.since)),
            'notifications',
            'no key update',
          ),
        )
        .selectFrom('comments as c')
        .innerJoin('posts as p', 'p.id', 'c.post_id')
        .innerJoin('users as au', 'au.id', 'c.author_id')
        .select((eb) => [
          'c.comment_html',
          'p.title',
          'au.name',
          'au.image',
          isPostgres(db)
            ? eb
                .selectFrom('r')
                .leftJoin('s', 's.member_id', 'r.id')
                .leftJoin('notification_mail_holds as h', (join) => heldSince(join, a))
                .select(recipientList(db, 's').as('list'))
                .as('recipients')
            : eb
                .selectFrom('r')
                .leftJoin('notifications as n', (join) =>
                  join.onRef('n.member_id', '=', 'r.id').on('n.post_id', '=', a.postId).on(stillShown('n', a.since)),
                )
                .leftJoin('notification_mail_holds as h', (join) => heldSince(join, a))
                .select(recipientList(db, 'n').as('list'))
                .as('recipients'),
        ])
        .where('c.id', '=', a.commentId)
    );
  },
);

/** One who hears of a new comment, and where they stand on its post's notifications. */
export interface CommentRecipient {
  id: string;
  emailOnComment: boolean;
  emailOnReply: boolean;
  /** The member's unread count before the comment. */
  unread: number;
  /** The member's unread notification of this post, if any (at most one): the row that shows the comment. */
  unreadId: string | null;
  /** Whether a mail about this post went to the member at or after `since`. */
  mailedSince: boolean;
}

/**
 * A new comment's text, its post's title, its writer as shown (name and photo), and who hears of
 * it (see commentAudienceQuery); undefined when the comment is gone.
 */
export async function findCommentAudience(
  db: Db,
  q: { commentId: string; postId: string; postAuthorId: string; actorId: string; since: string },
) {
  const row = await commentAudienceQuery.executeTakeFirst(db, q);
  if (!row) return undefined;
  // SQLite answers JSON as text; PostgreSQL's driver parses it.
  const list: RecipientTuple[] = typeof row.recipients === 'string' ? JSON.parse(row.recipients) : (row.recipients ?? []);
  const recipients = new Map<string, CommentRecipient>();
  for (const [id, emailOnComment, emailOnReply, unread, notificationId, readAt, emailedAt, heldAt] of list) {
    let r = recipients.get(id);
    if (!r) {
      r = {
        id,
        emailOnComment: Number(emailOnComment) === 1,
        emailOnReply: Number(emailOnReply) === 1,
        unread: Number(unread),
        unreadId: null,
        mailedSince: false,
      };
      recipients.set(id, r);
    }
    // At most one per member and post (migration 0017, and a comment adds none beside it).
    if (notificationId !== null && readAt === null) r.unreadId = notificationId;
    if ((emailedAt !== null && emailedAt >= q.since) || heldAt !== null) r.mailedSince = true;
  }
  return {
    commentHtml: row.comment_html,
    postTitle: row.title,
    actor: { name: row.name, photo: row.image },
    recipients: [...recipients.values()],
  };
}

export interface NotificationRow {
  id: string;
  memberId: string;
  type: NotificationType;
  actorId: string;
  postId: string | null;
  commentId: string | null;
  announcementId: string | null;
  title: string;
  text: string;
  emailedAt: string | null;
  createdAt: string;
}

const ROW_FIELDS = [
  'id',
  'memberId',
  'type',
  'actorId',
  'postId',
  'commentId',
  'announcementId',
  'title',
  'text',
  'emailedAt',
  'createdAt',
] as const satisfies ReadonlyArray<keyof NotificationRow>;

/** `n` rows in one statement, row i's fields as placeholders `id${i}`, `memberId${i}`, … */
const insertRowsQuery = preparedByShape((n: number) => (db, a: Args<Record<string, string | null>>) => {
  const at = (field: (typeof ROW_FIELDS)[number], i: number) => a[`${field}${i}`]!;
  return db.insertInto('notifications').values(
    Array.from({ length: n }, (_, i) => ({
      id: at('id', i) as Placeholder<string>,
      member_id: at('memberId', i) as Placeholder<string>,
      type: at('type', i) as Placeholder<string>,
      actor_id: at('actorId', i) as Placeholder<string>,
      post_id: at('postId', i),
      comment_id: at('commentId', i),
      announcement_id: at('announcementId', i),
      title: at('title', i) as Placeholder<string>,
      text: at('text', i) as Placeholder<string>,
      emailed_at: at('emailedAt', i),
      created_at: at('createdAt', i) as Placeholder<string>,
      // The same value, which unlike created_at nothing moves (ADR 0012, re-pointing).
      first_at: at('createdAt', i),
    })),
  );
});

/** Adds one to each listed member's unread count; answers the counts after. */
const addUnreadQuery = preparedByShape(
  (n: number) => (db, a: Args<Record<string, string>>) =>
    db
      .updateTable('users')
      .set((eb) => ({ unread_notifications: eb('unread_notifications', '+', 1) }))
      .where('id', 'in', listOf(a, n))
      .returning(['id', 'unread_notifications']),
);

/** Writes notifications and adds each to its member's unread count; answers the counts after. */
export async function insertNotifications(db: Db, rows: NotificationRow[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const values: Record<string, string | null> = {};
  rows.forEach((row, i) => {
    for (const field of ROW_FIELDS) values[`${field}${i}`] = row[field];
  });
  // Nothing is read back from the rows: on PostgreSQL they travel with the update below (db/deferred.ts).
  await insertRowsQuery(rows.length).runDeferrable(db, values);
  // One notification per member per write: each unread count moves by one.
  const memberIds = rows.map((r) => r.memberId);
  const counts = await addUnreadQuery(memberIds.length).execute(db, listArgs(memberIds));
  return new Map(counts.map((c) => [c.id, Number(c.unread_notifications)]));
}

/** A new comment as an unread notification of its post takes it when it is mailed. */
export interface MailedComment {
  actorId: string;
  commentId: string;
  title: string;
  text: string;
  createdAt: string;
}

/** `n` rows pointed at a new comment and stamped with the time of its mail, in one statement. */
const mailedQuery = preparedByShape(
  (n: number) => (db, a: Args<Record<string, string>>) =>
    db
      .updateTable('notifications')
      .set({
        actor_id: a.actorId!,
        comment_id: a.commentId!,
        title: a.title!,
        text: a.text!,
        created_at: a.createdAt!,
        emailed_at: a.createdAt!,
      })
      .where('id', 'in', listOf(a, n)),
);

/**
 * Unread notifications whose member is mailed of a new comment on their post take that comment
 * and the mail's time (the next mail about the post waits for the interval from it). The others
 * are not written at all: an unread notification shows its post's newest comment when it is
 * listed (newestCommentOf). Unread counts do not move: the rows were unread and stay so.
 */
export async function markNotificationsMailed(db: Db, ids: string[], to: MailedComment): Promise<void> {
  if (ids.length === 0) return;
  await mailedQuery(ids.length).runDeferrable(db, { ...to, ...listArgs(ids) });
}

/**
 * The comment an unread `comment` or `reply` notification stands for (ADR 0012): the newest of
 * its post by someone else than its member and not banned, no older than the notification.
 * Announcements and memberships have no post, so nothing is found for them.
 */
const newestCommentOf = (eb: ExpressionBuilder<DB, 'notifications'>) =>
  eb
    .selectFrom('comments as c')
    .innerJoin('users as cu', 'cu.id', 'c.author_id')
    .select('c.id')
    .whereRef('c.post_id', '=', 'notifications.post_id')
    .whereRef('c.author_id', '<>', 'notifications.member_id')
    .where('cu.banned_at', 'is', null)
    .whereRef('c.created_at', '>=', 'notifications.created_at')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(sql.lit(1));

/**
 * `notifications` with, for each row, the comment it now stands for (`newest_id`) when that is
 * another than the one it names; the caller picks the rows.
 */
const withNewestComment = (db: Db, where: (eb: ExpressionBuilder<DB, 'notifications'>) => Expression<SqlBool>) =>
  db
    .selectFrom(
      db
        .selectFrom('notifications')
        .selectAll('notifications')
        .select((eb) => newestCommentOf(eb).as('newest_id'))
        .where(where)
        .as('n'),
    )
    .leftJoin('comments as dc', (j) => j.onRef('dc.id', '=', 'n.newest_id').onRef('dc.id', '<>', 'n.comment_id'));

/**
 * What notifications just marked read showed and do not hold yet: the newest comment of their
 * post, to be written into them (pointNotificationAt) so that they keep showing it once read.
 */
export async function findUnfrozen(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return withNewestComment(db, (eb) => eb('notifications.id', 'in', ids))
    .where('dc.id', 'is not', null)
    .select(['n.id', 'dc.id as comment_id', 'dc.author_id', 'dc.comment_html', 'dc.created_at'])
    .$narrowType<{ comment_id: string; author_id: string; comment_html: string; created_at: string }>()
    .execute();
}

/**
 * The unread notifications that point at removed comments, each with the comment it can point at
 * instead: the newest remaining comment of its post by someone else than its member and not
 * banned, written since the notification was (`first_at`). Those are the comments it told of;
 * the member had read the ones before it, or was never told of them (a `reply` is written only
 * once the member has commented there). Null when there is none.
 */
export async function findRepointable(db: Db, commentIds: string[]) {
  if (commentIds.length === 0) return [];
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'member_id', 'post_id', 'first_at'])
    .where('comment_id', 'in', commentIds)
    .where('read_at', 'is', null)
    .execute();
  const found = [];
  for (const row of rows) {
    if (row.post_id === null || row.first_at === null) continue;
    const replacement = await db
      .selectFrom('comments as c')
      .innerJoin('users as u', 'u.id', 'c.author_id')
      .select(['c.id', 'c.author_id', 'c.comment_html', 'c.created_at'])
      .where('c.post_id', '=', row.post_id)
      .where('c.author_id', '<>', row.member_id)
      .where('u.banned_at', 'is', null)
      .where('c.created_at', '>=', row.first_at)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    found.push({
      id: row.id,
      to: replacement
        ? { commentId: replacement.id, actorId: replacement.author_id, html: replacement.comment_html, createdAt: replacement.created_at }
        : null,
    });
  }
  return found;
}

/**
 * Points a notification at another comment of its post (its writer, its text, its time); its read state stays.
 * On PostgreSQL the comment is held first (key share): one being deleted meanwhile is waited for
 * and then left alone, rather than named by the row and failing this write at its COMMIT.
 */
export async function pointNotificationAt(db: Db, id: string, to: { commentId: string; actorId: string; text: string; createdAt: string }) {
  if (isPostgres(db)) {
    const held = lockingRead(db, db.selectFrom('comments').select('id').where('id', '=', to.commentId), 'comments', 'key share');
    if (!(await held.executeTakeFirst())) return;
  }
  await db
    .updateTable('notifications')
    .set({ comment_id: to.commentId, actor_id: to.actorId, text: to.text, created_at: to.createdAt })
    .where('id', '=', id)
    .execute();
}

/** The text every notification of a comment quotes (after the comment was edited). */
export async function setNotificationText(db: Db, commentId: string, text: string): Promise<void> {
  await db.updateTable('notifications').set({ text }).where('comment_id', '=', commentId).where('text', '<>', text).execute();
}

/** The title every notification of a post carries: the post's own (after the post was edited). */
export async function setNotificationTitle(db: Db, postId: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set((eb) => ({ title: eb.selectFrom('posts').select('posts.title').where('posts.id', '=', postId) }))
    .where('post_id', '=', postId)
    .where((eb) => eb('title', '<>', eb.selectFrom('posts').select('posts.title').where('posts.id', '=', postId)))
    .execute();
}

/** The title and text every notification of an announcement quotes (after it was edited). */
export async function setAnnouncementNotificationText(
  db: Db,
  announcementId: string,
  quote: { title: string; text: string },
): Promise<void> {
  await db
    .updateTable('notifications')
    .set(quote)
    .where('announcement_id', '=', announcementId)
    .where((eb) => eb.or([eb('title', '<>', quote.title), eb('text', '<>', quote.text)]))
    .execute();
}

export async function findAnnouncementSource(db: Db, announcementId: string) {
  return db
    .selectFrom('announcements')
    .select(['author_id', 'title', 'description_html', 'created_at'])
    .where('id', '=', announcementId)
    .executeTakeFirst();
}

/**
 * An announcement, to every member but its author and the banned, in one statement (an id per
 * member made of the announcement's and the member's), and one more for their unread counts.
 */
export async function insertAnnouncementNotifications(
  db: Db,
  a: { announcementId: string; authorId: string; title: string; text: string; createdAt: string },
): Promise<void> {
  const text = (value: string | null) => sql<string>`cast(${value} as text)`;
  const members = (eb: ExpressionBuilder<DB, 'users'>) => eb.and([eb('banned_at', 'is', null), eb('id', '<>', a.authorId)]);
  await db
    .insertInto('notifications')
    .columns(['id', 'member_id', 'type', 'actor_id', 'post_id', 'comment_id', 'announcement_id', 'title', 'text', 'created_at', 'first_at'])
    .expression(
      db
        .selectFrom('users')
        .select([
          sql<string>`${text(`${a.announcementId}:`)} || id`.as('id'),
          'id as member_id',
          text('announcement').as('type'),
          text(a.authorId).as('actor_id'),
          text(null).as('post_id'),
          text(null).as('comment_id'),
          text(a.announcementId).as('announcement_id'),
          text(a.title).as('title'),
          text(a.text).as('text'),
          text(a.createdAt).as('created_at'),
          text(a.createdAt).as('first_at'),
        ])
        .where(members),
    )
    .execute();
  await db
    .updateTable('users')
    .set((eb) => ({ unread_notifications: eb('unread_notifications', '+', 1) }))
    .where(members)
    .execute();
}

export async function findMemberActor(db: Db, memberId: string) {
  const row = await db.selectFrom('users').select(['name', 'image', 'banned_at']).where('id', '=', memberId).executeTakeFirst();
  return row && { name: row.name, photo: row.image, banned: row.banned_at !== null };
}

export type NotificationsOf = { commentIds: string[] } | { postId: string } | { announcementId: string };

function whereOf(eb: ExpressionBuilder<DB, 'notifications'>, of: NotificationsOf) {
  if ('commentIds' in of) return eb('notifications.comment_id', 'in', of.commentIds);
  if ('postId' in of) return eb('notifications.post_id', '=', of.postId);
  return eb('notifications.announcement_id', '=', of.announcementId);
}

/**
 * Before the notifications of removed comments go, each mail one of them carried since `since`
 * is kept as a hold on its member and post (migration 0021), so that writing the comment again
 * mails no one sooner; holds past their interval go at the same time.
 */
export async function holdMailsOf(db: Db, commentIds: string[], since: string): Promise<void> {
  if (commentIds.length === 0) return;
  await db.deleteFrom('notification_mail_holds').where('mailed_at', '<', since).execute();
  await db
    .insertInto('notification_mail_holds')
    .columns(['member_id', 'post_id', 'mailed_at'])
    .expression(
      db
        .selectFrom('notifications')
        .select((eb) => ['member_id', 'post_id', eb.fn.max<string>('emailed_at').as('mailed_at')])
        // SQLite reads an upsert's SELECT unambiguously only with a WHERE.
        .where('comment_id', 'in', commentIds)
        .where('post_id', 'is not', null)
        .where('emailed_at', '>=', since)
        .groupBy(['member_id', 'post_id'])
        .$narrowType<{ post_id: NotNull }>(),
    )
    .onConflict((oc) =>
      oc.columns(['member_id', 'post_id']).doUpdateSet({
        mailed_at: isPostgres(db)
          ? sql<string>`greatest(notification_mail_holds.mailed_at, excluded.mailed_at)`
          : sql<string>`max(notification_mail_holds.mailed_at, excluded.mailed_at)`,
      }),
    )
    .execute();
}

/**
 * Removes notifications (of removed comments, a post, an announcement), their unread ones from the counts first,
 * and answers the members whose count moved, with their count after it.
 * On PostgreSQL the rows are held first: one being marked read meanwhile is then counted off by
 * its read alone, not by both (the count below is read after the read commits, not before).
 */
export async function removeNotifications(db: Db, of: NotificationsOf): Promise<Array<{ memberId: string; unread: number }>> {
  if ('commentIds' in of && of.commentIds.length === 0) return [];
  if (isPostgres(db)) {
    const held = lockingRead(
      db,
      db
        .selectFrom('notifications')
        .select('id')
        .where((eb) => whereOf(eb, of)),
      'notifications',
    );
    await db
      .selectFrom(held.as('held'))
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
  }
  const unread = (eb: ExpressionBuilder<DB, 'notifications'>) => eb.and([eb('notifications.read_at', 'is', null), whereOf(eb, of)]);
  const moved = await db
    .updateTable('users')
    .set((eb) => ({
      unread_notifications: eb(
        'unread_notifications',
        '-',
        eb
          .selectFrom('notifications')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('notifications.member_id', '=', 'users.id')
          .where(unread),
      ),
    }))
    .where('users.id', 'in', (eb) => eb.selectFrom('notifications').select('notifications.member_id').where(unread))
    .returning(['users.id', 'users.unread_notifications'])
    .execute();
  await db
    .deleteFrom('notifications')
    .where((eb) => whereOf(eb, of))
    .execute();
  return moved.map((m) => ({ memberId: m.id, unread: Number(m.unread_notifications) }));
}

/**
 * The unread side of a member's page, newest first: the first `upTo` of their unread
 * notifications (few, sorted here; no index holds the times they show, which every comment on
 * their post moves), each showing the comment it now stands for (newestCommentOf): its writer,
 * its time and, in `fresh_html`, its text to quote.
 */
const unreadSide = (db: Db, a: Args<{ memberId: string; upTo: number }>) =>
  withNewestComment(db, (eb) => eb.and([eb('notifications.member_id', '=', a.memberId), eb('notifications.read_at', 'is', null)]))
    .innerJoin('users as u', (j) => j.on((eb) => eb('u.id', '=', eb.fn.coalesce('dc.author_id', 'n.actor_id'))))
    .select((eb) => [
      'n.id',
      'n.type',
      'n.read_at',
      eb.fn.coalesce('dc.created_at', 'n.created_at').as('created_at'),
      'n.post_id',
      eb.fn.coalesce('dc.id', 'n.comment_id').as('comment_id'),
      'n.title',
      'n.text',
      'dc.comment_html as fresh_html',
      'u.name',
      'u.image',
    ])
    .orderBy((eb) => eb.fn.coalesce('dc.created_at', 'n.created_at'), 'desc')
    .orderBy('n.id', 'desc')
    .limit(a.upTo);

/** The read side: the first `upTo` of the member's read ones, in the order of notifications_member_read_idx (migration 0016). */
const readSide = (db: Db, a: Args<{ memberId: string; upTo: number }>) =>
  db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.actor_id')
    .select([
      'n.id',
      'n.type',
      'n.read_at',
      'n.created_at',
      'n.post_id',
      'n.comment_id',
      'n.title',
      'n.text',
      sql<string | null>`cast(null as text)`.as('fresh_html'),
      'u.name',
      'u.image',
    ])
    .where('n.member_id', '=', a.memberId)
    .where('n.read_at', 'is not', null)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(a.upTo);

/** A member's page: the two sides merged, each cut to what the page can need (offset + limit). */
const notificationPage = prepared((db, a: Args<{ memberId: string; upTo: number; limit: number; offset: number }>) =>
  db
    .selectFrom(unreadSide(db, a).as('unread'))
    .selectAll()
    .unionAll(db.selectFrom(readSide(db, a).as('read')).selectAll())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(a.limit)
    .offset(a.offset),
);

/**
 * A page of the member's notifications; `freshHtml` is the text of the comment an unread one
 * stands for when that is not the one it holds (the caller quotes it).
 */
export async function listNotifications(
  db: Db,
  memberId: string,
  page: PaginationQuery,
): Promise<Array<Notification & { freshHtml: string | null }>> {
  const offset = offsetOf(page);
  const rows = await notificationPage.execute(db, { memberId, upTo: offset + page.limit, limit: page.limit, offset });
  return rows.map((r) => ({
    _id: r.id,
    type: r.type as NotificationType,
    read: r.read_at !== null,
    createdAt: r.created_at,
    actor: { name: r.name, photo: r.image },
    postId: r.post_id,
    commentId: r.comment_id,
    title: r.title,
    text: r.text,
    freshHtml: r.fresh_html,
  }));
}

export async function countNotifications(db: Db, memberId: string): Promise<number> {
  // The unread ones are counted on the member already; the read ones from their own index.
  const row = await db
    .selectFrom('users')
    .select((eb) =>
      eb(
        'unread_notifications',
        '+',
        eb
          .selectFrom('notifications')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('member_id', '=', memberId)
          .where('read_at', 'is not', null),
      ).as('n'),
    )
    .where('id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function readUnreadCount(db: Db, memberId: string): Promise<number> {
  const row = await db.selectFrom('users').select('unread_notifications').where('id', '=', memberId).executeTakeFirst();
  return Number(row?.unread_notifications ?? 0);
}

/** The unread counts of these members as stored now. */
export async function readUnreadCountsOf(db: Db, memberIds: readonly string[]): Promise<Map<string, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'unread_notifications']).where('id', 'in', memberIds).execute();
  return new Map(rows.map((r) => [r.id, Number(r.unread_notifications)]));
}

/** Marks one of the member's notifications read; 0 when it was read already or is not theirs. */
export async function markNotificationRead(db: Db, memberId: string, id: string, at: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function notificationBelongsTo(db: Db, memberId: string, id: string): Promise<boolean> {
  const row = await db.selectFrom('notifications').select('id').where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst();
  return row !== undefined;
}

/** Moves a member's unread count by `delta`; answers the count after. */
export async function moveUnreadCount(db: Db, memberId: string, delta: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ unread_notifications: eb('unread_notifications', '+', delta) }))
    .where('id', '=', memberId)
    .returning('unread_notifications')
    .executeTakeFirst();
  return Number(row?.unread_notifications ?? 0);
}

/**
 * Marks all of the member's notifications read; answers the ids of those that were unread. The
 * count goes down by as many, not to 0: on PostgreSQL a notification committed meanwhile is not
 * among them, and stays unread and counted.
 */
export async function markAllNotificationsRead(db: Db, memberId: string, at: string): Promise<{ ids: string[]; unread: number }> {
  const rows = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null)
    .returning('id')
    .execute();
  const unread = rows.length > 0 ? await moveUnreadCount(db, memberId, -rows.length) : 0;
  return { ids: rows.map((r) => r.id), unread };
}

/**
 * The member's mail settings; `held` (for a change) keeps the row until the transaction ends, so
 * two changes at once go one after the other and the second keeps what the first changed.
 */
export async function readNotificationSettings(db: Db, memberId: string, held = false): Promise<NotificationSettings> {
  const query = db.selectFrom('users').select(['email_on_comment', 'email_on_reply']).where('id', '=', memberId);
  const row = await (held ? lockingRead(db, query, 'users', 'no key update') : query).executeTakeFirstOrThrow();
  return { emailOnComment: Number(row.email_on_comment) === 1, emailOnReply: Number(row.email_on_reply) === 1 };
}

export async function writeNotificationSettings(db: Db, memberId: string, settings: NotificationSettings): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_on_comment: settings.emailOnComment ? 1 : 0, email_on_reply: settings.emailOnReply ? 1 : 0 })
    .where('id', '=', memberId)
    .execute();
}

/** The bulk path: every member's unread count from the rows (counters.recount.ts). */
export async function recountUnreadNotifications(db: Db): Promise<void> {
  await db.updateTable('users').set({ unread_notifications: 0 }).execute();
  await sql`
    update users set unread_notifications = t.n
    from (select member_id, count(*) as n from notifications where read_at is null group by member_id) as t
    where users.id = t.member_id`.execute(db);
}

/** Every member's stored unread count that is not zero. */
export async function readUnreadCounts(db: Db): Promise<Array<{ memberId: string; unread: number }>> {
  const rows = await db.selectFrom('users').select(['id', 'unread_notifications']).where('unread_notifications', '<>', 0).execute();
  return rows.map((r) => ({ memberId: r.id, unread: Number(r.unread_notifications) }));
}
