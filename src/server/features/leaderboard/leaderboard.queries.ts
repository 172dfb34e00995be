import type { LeaderboardRow } from '#shared/schemas/leaderboard.ts';
import { inCodePointOrder } from '../../db/code-point-order.ts';
import { type Args, prepared } from '../../db/prepared.ts';
import type { Db } from '../../db/schema.ts';

const topOfWeek = prepared((db, a: Args<{ today: string; size: number }>) =>
  db
    .selectFrom('activity_week as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['u.id', 'u.name', 'u.image', 'w.posts', 'w.points'])
    .where('w.day', '=', a.today)
    .where('w.points', '>', 0)
    .where('u.banned_at', 'is', null)
    .orderBy('w.points', 'desc')
    .orderBy('w.posts', 'desc')
    .orderBy((eb) => inCodePointOrder(db, eb.ref('u.name')))
    .orderBy('u.id')
    .limit(a.size),
);

/**
 * Top members by points over the 7 days ending today, ties by more posts, then by name in the
 * order of its characters (on both engines), then by id; no emails. Read from the stored
 * weekly sums (counters/activity.queries.ts), in rank order.
 */
export async function topOfTheWeek(db: Db, today: string, size: number): Promise<LeaderboardRow[]> {
  const rows = await topOfWeek.execute(db, { today, size });
  return rows.map((r) => ({ _id: r.id, name: r.name, photo: r.image, posts: Number(r.posts), points: Number(r.points) }));
}
