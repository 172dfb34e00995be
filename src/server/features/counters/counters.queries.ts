import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type CounterName = 'posts' | 'comments' | 'users' | 'announcements' | 'reports';
type Db = Kysely<DB> | Transaction<DB>;

/** Site totals are stored and moved in the same transaction as the write they count. */
export async function readCounter(db: Db, name: CounterName): Promise<number> {
  const row = await db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst();
  return Number(row?.value ?? 0);
}

export async function addToCounter(db: Db, name: CounterName, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable('counters')
    .set({ value: sql`value + ${delta}` })
    .where('name', '=', name)
    .execute();
}
