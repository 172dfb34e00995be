import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// An announcement keeps the time of its last edit, as a post and a comment do: an admin's edit
// names the version it was made from, so one made from an older version is refused instead of
// putting back what another admin changed meanwhile (announcements.service.ts). Null: never
// edited, which is what every announcement already there is known to be.
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.alterTable('announcements').addColumn('edited_at', 'text').execute();
}
