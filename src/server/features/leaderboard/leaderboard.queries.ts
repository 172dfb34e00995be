import type { Kysely } from 'kysely';
import type { LeaderboardRow } from '#shared/schemas/leaderboard.ts';
import type { DB } from '../../db/schema.ts';

/** Top members by points since a UTC day (inclusive), ties by more posts then name; no emails. */
export async function topContributors(db: Kysely<DB>, sinceDay: string, size: number): Promise<LeaderboardRow[]> {
  const rows = await db
    .selectFrom('activity_daily as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('a.day', '>=', sinceDay)
    .where('u.banned_at', 'is', null)
    .groupBy(['u.id', 'u.name', 'u.image'])
    .select((eb) => [
      'u.id',
      'u.name',
      'u.image',
      eb.fn.sum<number>('a.posts').as('posts'),
      eb.fn.sum<number>('a.points').as('points'),
    ])
    .having((eb) => eb.fn.sum('a.points'), '>', 0)
    .orderBy('points', 'desc')
    .orderBy('posts', 'desc')
    .orderBy('u.name')
    .limit(size)
    .execute();
  return rows.map((r) => ({ _id: r.id, name: r.name, photo: r.image, posts: Number(r.posts), points: Number(r.points) }));
}
