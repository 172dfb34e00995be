import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// The admin dashboard's "new members this week" reads a range of users.created_at, and the
// member list pages in (created_at, id) order: both from this index instead of a full scan.
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.createIndex('users_created_idx').on('users').columns(['created_at', 'id']).execute();
}
