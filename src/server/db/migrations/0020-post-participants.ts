import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// Each post's commenters with the time of their latest comment on it, kept by the notifications
// reaction (notifications.participants.ts): a new comment's `reply` recipients are the post's
// most recent commenters, read here as the first rows of one index instead of grouped out of the
// post's latest comments on every comment (ADR 0012). Filled from the comments already there.
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('post_participants')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_participants_pk', ['post_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('post_participants_recent_idx')
    .on('post_participants')
    .columns(['post_id', 'last_at', 'member_id'])
    .execute();
  await sql`insert into post_participants (post_id, member_id, last_at)
    select post_id, author_id, max(created_at) from comments group by post_id, author_id`.execute(db);
}
