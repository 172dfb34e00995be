import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// A mail about a post, remembered for its 10 minutes when the notification that carried it goes
// with its deleted comment: otherwise deleting a comment and writing it again mailed the post's
// author once more each time (API.md: at most one mail per post per member per 10 minutes). Rows
// are written only when a comment is removed, read by primary key when one is added, and those
// past their 10 minutes are removed with the next hold (notifications.queries.ts).
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('notification_mail_holds')
    .addColumn('member_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('mailed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_mail_holds_pk', ['member_id', 'post_id'])
    .$call((table) => (engine === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  await db.schema.createIndex('notification_mail_holds_post_idx').on('notification_mail_holds').column('post_id').execute();
}
