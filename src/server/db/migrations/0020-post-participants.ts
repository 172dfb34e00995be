import { sql, type Kysely } from 'kysely';
import { fillParticipants } from '../../features/notifications/notifications.queries.ts';
import type { Engine } from '../engine.ts';
import type { DB } from '../schema.ts';

// Each post's most recent commenters, at most 50, with the time of their latest comment on it,
// kept by the notifications reaction (notifications.queries.ts): a new comment's `reply`
// recipients are the first rows of the post's key instead of being grouped out of the post's
// latest comments on every comment (ADR 0012). Filled from the comments already there.
//
// One tree, keyed by post, time and member: a post's rows sit together, newest last, so a
// comment changes one page of it. On SQLite the table is that key (WITHOUT ROWID); a rowid and
// a second index would be two more trees, each a page more to write at every COMMIT.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('post_participants')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('post_participants_pk', ['post_id', 'last_at', 'member_id'])
    .$call((table) => (engine === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  await fillParticipants(db as Kysely<DB>);
}
