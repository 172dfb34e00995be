import { sql, type CompiledQuery } from 'kysely';
import { LEADERBOARD_DAYS } from '#shared/constants.ts';
import type { Db } from '../../db/schema.ts';
import { type Args, prepared } from '../../db/prepared.ts';

export const utcDay = (at: Date | string | number): string => new Date(at).toISOString().slice(0, 10);

/** The leaderboard's window as of a moment: today and the six UTC days before it. */
export function leaderboardWindow(now = Date.now()): { since: string; today: string } {
  return { since: utcDay(now - (LEADERBOARD_DAYS - 1) * 86_400_000), today: utcDay(now) };
}

/*
 * Two tallies per member: activity_daily, one row per member and UTC day (the truth), and
 * activity_week, the member's sums over the 7 days ending on its `day`. A write moves the day's
 * tally and the writer's week, in the same transaction. Weeks of members who wrote nothing
 * today still end on an earlier day: the leaderboard recounts those once when it is first read
 * on a new day (recountStaleWeeks), so its top ten is an index range of activity_week, however
 * many members were active.
 */

const tally = prepared((db, a: Args<{ userId: string; day: string; posts: number; points: number }>) =>
  db
    .insertInto('activity_daily')
    .values({ user_id: a.userId, day: a.day, posts: a.posts, points: a.points })
    .onConflict((oc) =>
      oc.columns(['user_id', 'day']).doUpdateSet({
        posts: sql`activity_daily.posts + ${a.posts}`,
        points: sql`activity_daily.points + ${a.points}`,
      }),
    ),
);

/**
 * A member's week moved by a change of their daily tallies, in one statement: a week that
 * already ends today moves by the same amounts; any other (none yet, or one that ended on an
 * earlier day) becomes the sum of the daily rows in today's window plus the change. The sum
 * reads the daily rows as they were before the change — run this before the daily tallies
 * move (db/combined-writes.ts keeps that order on SQLite; on PostgreSQL both see the same
 * snapshot).
 */
const weekMove = prepared((db, a: Args<{ userId: string; since: string; today: string; posts: number; points: number }>) =>
  db
    .insertInto('activity_week')
    .columns(['user_id', 'day', 'posts', 'points'])
    .expression((eb) =>
      eb
        .selectFrom('activity_daily')
        .select([
          sql.val(a.userId).as('user_id'),
          sql.val(a.today).as('day'),
          sql<number>`coalesce(sum(posts), 0) + ${a.posts}`.as('posts'),
          sql<number>`coalesce(sum(points), 0) + ${a.points}`.as('points'),
        ])
        .where('user_id', '=', a.userId)
        .where('day', '>=', a.since)
        .where('day', '<=', a.today),
    )
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        posts: sql`case when activity_week.day = excluded.day then activity_week.posts + ${a.posts} else excluded.posts end`,
        points: sql`case when activity_week.day = excluded.day then activity_week.points + ${a.points} else excluded.points end`,
        day: (eb) => eb.ref('excluded.day'),
      }),
    ),
);

export interface ActivityChange {
  memberId: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  posts: number;
  points: number;
}

/**
 * The statements that move members' leaderboard tallies by these changes (at most one per
 * member and day): first each member's week (changes on days before the window are in no
 * week the leaderboard reads), then the daily tallies.
 */
export function activityStatements(db: Db, changes: readonly ActivityChange[], window = leaderboardWindow()): CompiledQuery[] {
  const moving = changes.filter((c) => c.posts !== 0 || c.points !== 0);
  const weeks = new Map<string, { posts: number; points: number }>();
  for (const c of moving) {
    if (c.day < window.since || c.day > window.today) continue;
    const w = weeks.get(c.memberId) ?? { posts: 0, points: 0 };
    w.posts += c.posts;
    w.points += c.points;
    weeks.set(c.memberId, w);
  }
  return [
    ...[...weeks].map(([userId, w]) => weekMove.bind(db, { userId, ...window, ...w })),
    ...moving.map((c) => tally.bind(db, { userId: c.memberId, day: c.day, posts: c.posts, points: c.points })),
  ];
}

const staleWeek = prepared((db, a: Args<{ since: string; today: string }>) =>
  db.selectFrom('activity_week').select('user_id').where('day', '>=', a.since).where('day', '<', a.today).limit(1),
);

const recountStale = prepared((db, a: Args<{ since: string; today: string }>) => {
  const sumOf = (column: 'posts' | 'points') =>
    db
      .selectFrom('activity_daily as d')
      .select(sql<number>`coalesce(sum(${sql.ref(`d.${column}`)}), 0)`.as('n'))
      .where('d.user_id', '=', sql.ref<string>('activity_week.user_id'))
      .where('d.day', '>=', a.since)
      .where('d.day', '<=', a.today);
  return db
    .updateTable('activity_week')
    .set({ day: a.today, posts: sumOf('posts'), points: sumOf('points') })
    .where('day', '>=', a.since)
    .where('day', '<', a.today);
});

/** Whether some member's week still ends before today (the first read of a new day). */
export async function hasStaleWeeks(db: Db, window: { since: string; today: string }): Promise<boolean> {
  return (await staleWeek.executeTakeFirst(db, window)) !== undefined;
}

/**
 * Brings the weeks of members who wrote nothing today up to today. Weeks that ended before
 * the window began sum to nothing now and are left as they are (the leaderboard reads only
 * today's). A write that races the pass recounts its member itself; the pass skips a row
 * already moved to today.
 */
export async function recountStaleWeeks(db: Db, window: { since: string; today: string }): Promise<void> {
  await recountStale.run(db, window);
}
