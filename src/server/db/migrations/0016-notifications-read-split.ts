import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// A member's notifications were one index of (member, time). A comment brings every unread
// notification of its post up to date, time included (ADR 0012), so each one moved in that
// index: about a third of the pages a batch of comments wrote to the log. Now the index of
// times holds read notifications only, which no comment changes; the unread ones (a handful
// per member: at most one per post, plus announcements) are found by member alone and sorted
// when the page is read (notifications.queries.ts, notificationPage).
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.dropIndex('notifications_member_idx').execute();
  await db.schema
    .createIndex('notifications_member_read_idx')
    .on('notifications')
    .columns(['member_id', 'created_at', 'id'])
    .where(sql.ref('read_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('notifications_member_unread_idx')
    .on('notifications')
    .column('member_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
}
