import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';
import { LEADERBOARD_DAYS } from '#shared/constants.ts';

// Each member's sums over the leaderboard's 7 days, kept beside the daily tallies, so the
// leaderboard reads its top ten from an index instead of summing every active member's week
// on each request (see features/leaderboard/activity.queries.ts).

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('activity_week')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The last day of the 7 days these sums cover.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('posts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('activity_week_rank_idx').on('activity_week').columns(['day', 'points', 'posts']).execute();

  const today = new Date().toISOString().slice(0, 10);
  const since = new Date(Date.now() - (LEADERBOARD_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  await sql`
    insert into activity_week (user_id, day, posts, points)
    select user_id, ${today}, sum(posts), sum(points) from activity_daily
    where day >= ${since} and day <= ${today}
    group by user_id`.execute(db);
}
