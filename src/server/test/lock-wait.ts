// For PostgreSQL race tests that hold rows in a transaction of their own and need to know the
// requests sent meanwhile have come to wait for them.
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/** Until `count` statements of this database wait for a lock. */
export async function untilWaiting(db: Db, count = 1): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (Number(rows[0]?.n) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${count} statement(s) did not come to wait for a lock`);
}
