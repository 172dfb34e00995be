import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { prepared, type Args } from './prepared.ts';

// Writes whose answer is not read travel with the next statement of their transaction on
// PostgreSQL (db/deferred.ts, db/pg-pool.ts); on SQLite they run at once. Either way a
// transaction behaves as if each had run on its own.
describe('deferrable writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const put = prepared((db, a: Args<{ name: string; value: number }>) =>
    db.insertInto('counters').values({ name: a.name, shard: 0, value: a.value }),
  );
  const add = prepared((db, a: Args<{ name: string; delta: number }>) =>
    db
      .updateTable('counters')
      .set({ value: sql`value + ${a.delta}` })
      .where('name', '=', a.name),
  );
  const valueOf = prepared((db, a: Args<{ name: string }>) => db.selectFrom('counters').select('value').where('name', '=', a.name));
  const read = async (name: string) => (await valueOf.executeTakeFirst(t.db, { name }))?.value ?? null;

  it('runs them in order, before the statement that follows, and commits them', async () => {
    // More transactions than the pool has connections: each connection runs it once as new
    // (statements parsed one at a time) and then with everything held sent together.
    for (let i = 0; i < 12; i++) {
      const seen = await t.db.transaction().execute(async (trx) => {
        await put.runDeferrable(trx, { name: `deferred-${i}`, value: 1 });
        await add.runDeferrable(trx, { name: `deferred-${i}`, delta: 10 });
        await add.runDeferrable(trx, { name: `deferred-${i}`, delta: 100 });
        return (await valueOf.executeTakeFirst(trx, { name: `deferred-${i}` }))?.value;
      });
      expect(seen).toBe(111);
      expect(await read(`deferred-${i}`)).toBe(111);
    }
  });

  it('commits what was held when nothing follows it but the COMMIT', async () => {
    for (let i = 0; i < 8; i++) {
      await t.db.transaction().execute(async (trx) => {
        await put.runDeferrable(trx, { name: `held-${i}`, value: i });
      });
      expect(await read(`held-${i}`)).toBe(i);
    }
  });

  it('fails the transaction when a held write fails, and keeps none of it', async () => {
    await put.run(t.db, { name: 'taken', value: 1 });
    for (let i = 0; i < 8; i++) {
      await expect(
        t.db.transaction().execute(async (trx) => {
          await put.runDeferrable(trx, { name: `lost-${i}`, value: 1 });
          await put.runDeferrable(trx, { name: 'taken', value: 2 }); // its key is taken
          await add.runDeferrable(trx, { name: 'taken', delta: 5 });
        }),
      ).rejects.toThrow();
      expect(await read(`lost-${i}`)).toBeNull();
    }
    expect(await read('taken')).toBe(1);
    // The connections are clean afterwards.
    await t.db.transaction().execute((trx) => put.runDeferrable(trx, { name: 'after-failure', value: 7 }));
    expect(await read('after-failure')).toBe(7);
  });

  it('keeps nothing held by a transaction that rolls back', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await put.runDeferrable(trx, { name: 'rolled-back', value: 1 });
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await read('rolled-back')).toBeNull();
  });

  it('keeps concurrent transactions apart', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.db.transaction().execute(async (trx) => {
          await put.runDeferrable(trx, { name: `apart-${i}`, value: i });
          await add.runDeferrable(trx, { name: `apart-${i}`, delta: i });
        }),
      ),
    );
    for (let i = 0; i < 20; i++) expect(await read(`apart-${i}`)).toBe(2 * i);
  });
});
