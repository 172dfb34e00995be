import { sql } from 'kysely';
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
 * tally and recounts the writer's week from their (at most 7) daily rows, in the same
 * transaction. Weeks of members who wrote nothing today still end on an earlier day: the
 * leaderboard recounts those once when it is first read on a new day (recountStaleWeeks), so
 * its top ten is an index range of activity_week, however many members were active.
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

const recountWeek = prepared((db, a: Args<{ userId: string; since: string; today: string }>) =>
  db
    .insertInto('activity_week')
    .columns(['user_id', 'day', 'posts', 'points'])
    .expression((eb) =>
      eb
        .selectFrom('activity_daily')
        .select([
          sql.val(a.userId).as('user_id'),
          sql.val(a.today).as('day'),
          sql<number>`coalesce(sum(posts), 0)`.as('posts'),
          sql<number>`coalesce(sum(points), 0)`.as('points'),
        ])
        .where('user_id', '=', a.userId)
        .where('day', '>=', a.since)
        .where('day', '<=', a.today),
    )
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        day: (eb) => eb.ref('excluded.day'),
        posts: (eb) => eb.ref('excluded.posts'),
        points: (eb) => eb.ref('excluded.points'),
      }),
    ),
);

const moveWeek = prepared((db, a: Args<{ userId: string; today: string; posts: number; points: number }>) =>
  db
    .updateTable('activity_week')
    .set({ posts: sql`posts + ${a.posts}`, points: sql`points + ${a.points}` })
    .where('user_id', '=', a.userId)
    .where('day', '=', a.today),
);

/**
 * Moves a member's leaderboard tallies for one UTC day; called inside the write's transaction.
 * A week that already ends today moves by the same amounts; any other is recounted.
 */
export async function addActivity(db: Db, userId: string, delta: { posts?: number; points: number }, at: Date | string) {
  const posts = delta.posts ?? 0;
  if (posts === 0 && delta.points === 0) return;
  const day = utcDay(at);
  await tally.run(db, { userId, day, posts, points: delta.points });
  const window = leaderboardWindow();
  // A day before the window (an old post removed, say) is in no week the leaderboard reads.
  if (day < window.since) return;
  const moved = await moveWeek.run(db, { userId, today: window.today, posts, points: delta.points });
  if (Number(moved.numAffectedRows ?? 0) === 0) await recountWeek.run(db, { userId, ...window });
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
