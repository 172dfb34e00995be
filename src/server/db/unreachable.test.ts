import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';

// PostgreSQL out of reach for a while (restarted for an upgrade, a network blip, its connections
// ended by an operator or a pooler).
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL out of reach', () => {
  it('ends a connection in use without ending the process, and the pool carries on', async () => {
    const t = await buildTestApp();
    // An error event nobody listens to is thrown out of the socket's handler: it would end the process.
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const failed = await t.db
        .transaction()
        .execute(async (trx) => {
          // The server ends this very connection while a request holds it, between two statements.
          await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx).catch(() => {});
          await new Promise((resolve) => setTimeout(resolve, 200));
          await sql`select 1`.execute(trx);
        })
        .then(
          () => null,
          (error: Error) => error,
        );
      expect(failed).toBeInstanceOf(Error);
      expect(uncaught).toEqual([]);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(t.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await t.close();
    }
  });
});
