import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// A new comment's audience (notifications.queries.ts) reads its post's latest comments for their
// writers, and each recipient's notification of the post for its id and read state. With those
// columns in the indexes it walks, neither read visits the table's rows, which are wide (a
// comment's HTML, a notification's text) and scattered: 354 → 184 µs, with the SQLite join of
// notifications.queries.ts, at 30 recipients and 36 comments a post (ADR 0012). Same names, same
// leading columns, so every other query keeps its plan.
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.dropIndex('comments_post_idx').execute();
  await db.schema.createIndex('comments_post_idx').on('comments').columns(['post_id', 'created_at', 'id', 'author_id']).execute();
  await db.schema.dropIndex('notifications_post_idx').execute();
  await db.schema
    .createIndex('notifications_post_idx')
    .on('notifications')
    .columns(['post_id', 'member_id', 'emailed_at', 'read_at', 'id'])
    .where('post_id', 'is not', null)
    .execute();
}
