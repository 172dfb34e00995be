import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { prepared, type Args } from './prepared.ts';

const valueOf = prepared((db, a: Args<{ name: string }>) => db.selectFrom('counters').select('value').where('name', '=', a.name));
const add = prepared((db, a: Args<{ name: string; value: number }>) => db.insertInto('counters').values({ name: a.name, value: a.value }));
const move = prepared((db, a: Args<{ name: string; delta: number }>) =>
  db
    .updateTable('counters')
    .set({ value: sql`value + ${a.delta}` })
    .where('name', '=', a.name),
);

/** Resolves with the promise's value, or 'pending' if it has not settled once I/O has had a turn. */
const settledSoon = <T>(promise: Promise<T>) =>
  Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 20))]);

// Prepared queries run on SQLite's connection without Kysely's layers (direct-sqlite.ts); these
// are the rules that must hold whichever way a query runs, on both engines.
describe('prepared queries and open transactions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('a query outside a transaction never reads what an open transaction has not committed', async () => {
    const trx = await t.db.startTransaction().execute();
    await add.run(trx, { name: 'd-open', value: 7 });
    const outside = valueOf.executeTakeFirst(t.db, { name: 'd-open' });
    if (t.engine === 'sqlite') {
      // One connection: the read waits for the transaction to end, then sees what it committed.
      expect(await settledSoon(outside)).toBe('pending');
      await trx.commit().execute();
      expect((await outside)?.value).toBe(7);
    } else {
      // Its own connection: the row is not there until the commit.
      expect(await outside).toBeUndefined();
      await trx.commit().execute();
      expect((await valueOf.executeTakeFirst(t.db, { name: 'd-open' }))?.value).toBe(7);
    }
  });

  it('inside a transaction a query sees the transaction’s own writes, and a rollback takes them back', async () => {
    await add.run(t.db, { name: 'd-own', value: 1 });
    const trx = await t.db.startTransaction().execute();
    const moved = await move.run(trx, { name: 'd-own', delta: 10 });
    expect(moved.numAffectedRows).toBe(1n);
    expect((await valueOf.executeTakeFirst(trx, { name: 'd-own' }))?.value).toBe(11);
    const savepoint = await trx.savepoint('inner').execute();
    await move.run(savepoint, { name: 'd-own', delta: 100 });
    expect((await valueOf.executeTakeFirst(savepoint, { name: 'd-own' }))?.value).toBe(111);
    await savepoint.rollbackToSavepoint('inner').execute();
    expect((await valueOf.executeTakeFirst(trx, { name: 'd-own' }))?.value).toBe(11);
    await trx.rollback().execute();
    expect((await valueOf.executeTakeFirst(t.db, { name: 'd-own' }))?.value).toBe(1);
  });

  it('a failing statement fails its query, as a rejected promise, and changes nothing', async () => {
    await add.run(t.db, { name: 'd-unique', value: 1 });
    const trx = await t.db.startTransaction().execute();
    // The counters' key is (name, shard): the same name twice in shard 0 is refused.
    await expect(add.run(trx, { name: 'd-unique', value: 2 })).rejects.toThrow();
    await trx.rollback().execute();
    const rows = await t.db.selectFrom('counters').select('value').where('name', '=', 'd-unique').execute();
    expect(rows).toEqual([{ value: 1 }]);
  });
});
