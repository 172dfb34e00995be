import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { runCombined } from './combined-writes.ts';
import { prepared, type Args } from './prepared.ts';

// Writes sent as one (one round trip on PostgreSQL): every statement runs with its own values.
describe('combined writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const put = prepared((db, a: Args<{ name: string; shard: number; value: number }>) =>
    db.insertInto('counters').values({ name: a.name, shard: a.shard, value: a.value }),
  );

  it('runs every statement with its own parameters', async () => {
    await runCombined(t.db, [
      put.bind(t.db, { name: 'combined-a', shard: 1, value: 10 }),
      put.bind(t.db, { name: 'combined-b', shard: 2, value: 20 }),
      put.bind(t.db, { name: 'combined-c', shard: 3, value: 30 }),
    ]);
    const rows = await t.db.selectFrom('counters').selectAll().where('name', 'like', 'combined-%').orderBy('name').execute();
    expect(rows.map((r) => [r.name, Number(r.shard), Number(r.value)])).toEqual([
      ['combined-a', 1, 10],
      ['combined-b', 2, 20],
      ['combined-c', 3, 30],
    ]);
  });

  it('writes all or nothing: one failing statement leaves none of the others', async () => {
    await expect(
      t.db.transaction().execute((trx) =>
        runCombined(trx, [
          put.bind(trx, { name: 'combined-d', shard: 1, value: 1 }),
          put.bind(trx, { name: 'combined-a', shard: 1, value: 1 }), // already there
        ]),
      ),
    ).rejects.toThrow();
    expect(await t.db.selectFrom('counters').select('name').where('name', '=', 'combined-d').execute()).toEqual([]);
  });
});
