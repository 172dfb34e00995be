import type { DB, Db } from '../db/schema.ts';
import { readStoredCounts, recountFromRows } from '../features/counters/counters.recount.ts';

class Rollback extends Error {
  constructor(readonly value: { running: Record<string, number>; counted: Record<string, number> }) {
    super('rolled back');
  }
}

/**
 * The counts as the writes left them (`running`) and as a recount from the rows makes them
 * (`counted`), read in one transaction that is rolled back: equal when every write kept them true.
 */
export async function storedCountsBesideRecount(db: Db): Promise<{ running: Record<string, number>; counted: Record<string, number> }> {
  try {
    await db.transaction().execute(async (trx) => {
      const running = await readStoredCounts(trx);
      await recountFromRows(trx);
      throw new Rollback({ running, counted: await readStoredCounts(trx) });
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value;
    throw error;
  }
  throw new Error('the recount was not rolled back');
}

/** How many rows a table holds (a number on either engine). */
export async function countRows(db: Db, table: keyof DB): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Each post's commenters as `post_participants` keeps them and as the comments make them (every
 * writer's latest comment on the post), as sorted `post/member/time` keys: equal when the table is
 * true to a forum with fewer than 50 commenters a post.
 */
export async function participantsBesideComments(db: Db): Promise<{ kept: string[]; counted: string[] }> {
  const kept = await db.selectFrom('post_participants').select(['post_id', 'member_id', 'last_at']).execute();
  const counted = await db
    .selectFrom('comments')
    .select(['post_id', 'author_id as member_id', (eb) => eb.fn.max('created_at').as('last_at')])
    .groupBy(['post_id', 'author_id'])
    .execute();
  const keys = (rows: Array<{ post_id: string; member_id: string; last_at: string }>) =>
    rows.map((r) => `${r.post_id}/${r.member_id}/${r.last_at}`).sort();
  return { kept: keys(kept), counted: keys(counted) };
}
