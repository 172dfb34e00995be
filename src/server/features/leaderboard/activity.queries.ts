import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { prepared } from '../../db/prepared.ts';

type Db = Kysely<DB> | Transaction<DB>;

export const utcDay = (at: Date | string): string => new Date(at).toISOString().slice(0, 10);

const tally = prepared((db, a: { userId: string; day: string; posts: number; points: number }) =>
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

/** Moves a member's leaderboard tally for one UTC day; called inside the write's transaction. */
export async function addActivity(db: Db, userId: string, delta: { posts?: number; points: number }, at: Date | string) {
  const posts = delta.posts ?? 0;
  if (posts === 0 && delta.points === 0) return;
  await tally.run(db, { userId, day: utcDay(at), posts, points: delta.points });
}
