import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// Each tag keeps the number of its posts, moved in the same transaction as the post, so a
// search by tag answers its total (X-Total-Count) without counting posts.

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('tags')
    .addColumn('post_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update tags set post_count = (select count(*) from posts where posts.category = tags.tag)`.execute(db);
}
