import type { DB, Db } from '../db/schema.ts';

/** How many rows a table holds (a number on either engine). */
export async function countRows(db: Db, table: keyof DB): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
