import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { prepared } from '../../db/prepared.ts';

export type CounterName = 'posts' | 'comments' | 'users' | 'announcements' | 'reports';
type Db = Kysely<DB> | Transaction<DB>;

const counterValue = prepared((db, a: { name: CounterName }) => db.selectFrom('counters').select('value').where('name', '=', a.name));

const moveCounter = prepared((db, a: { name: CounterName; delta: number }) =>
  db
    .updateTable('counters')
    .set({ value: sql`value + ${a.delta}` })
    .where('name', '=', a.name),
);

/** Site totals are stored and moved in the same transaction as the write they count. */
export async function readCounter(db: Db, name: CounterName): Promise<number> {
  const row = await counterValue.executeTakeFirst(db, { name });
  return Number(row?.value ?? 0);
}

export async function addToCounter(db: Db, name: CounterName, delta: number): Promise<void> {
  if (delta === 0) return;
  await moveCounter.run(db, { name, delta });
}
