import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// A report keeps the comment's text as it was reported (API.md: "the server copies the comment's
// fields"), so an edit after the report cannot change what the admin reads before deciding. The
// reports already filed take the comment's text as it is now: what was reported is not known.
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('reports')
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update reports set comment = (select c.comment from comments c where c.id = reports.comment_id)`.execute(db);
}
