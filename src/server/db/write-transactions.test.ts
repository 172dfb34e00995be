import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { inWriteTransaction } from './write-transactions.ts';

// Writes arriving together share one transaction on SQLite (group commit); each must still
// behave as if it had run alone. On PostgreSQL these are plain transactions.
describe('write transactions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const tags = async () => (await t.db.selectFrom('tags').select('tag').orderBy('tag').execute()).map((r) => r.tag);
  const addTag = (tag: string) =>
    inWriteTransaction(t.db, async (trx) => {
      await trx
        .insertInto('tags')
        .values({ id: `id-${tag}`, tag, created_at: new Date().toISOString() })
        .execute();
      return tag;
    });

  it('commits writes sent together, each answering its own result', async () => {
    const results = await Promise.all(['a1', 'a2', 'a3', 'a4', 'a5'].map(addTag));
    expect(results).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(await tags()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('rolls back a failing write alone: its own error, nothing of it kept, the others committed', async () => {
    const failing = inWriteTransaction(t.db, async (trx) => {
      await trx.insertInto('tags').values({ id: 'id-half', tag: 'half-done', created_at: new Date().toISOString() }).execute();
      throw new Error('refused');
    });
    const duplicate = addTag('a1'); // unique violation inside the database
    const others = [addTag('b1'), addTag('b2')];
    await expect(failing).rejects.toThrow('refused');
    await expect(duplicate).rejects.toThrow();
    expect(await Promise.all(others)).toEqual(['b1', 'b2']);
    expect(await tags()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b2']);
  });

  it('lets each write see the ones committed before it in the same batch', async () => {
    await t.db.insertInto('counters').values({ name: 'test-counter', value: 0 }).execute();
    const bump = () =>
      inWriteTransaction(t.db, async (trx) => {
        const row = await trx.selectFrom('counters').select('value').where('name', '=', 'test-counter').executeTakeFirstOrThrow();
        await trx
          .updateTable('counters')
          .set({ value: sql`value + 1` })
          .where('name', '=', 'test-counter')
          .execute();
        return Number(row.value);
      });
    const seen = await Promise.all(Array.from({ length: 8 }, bump));
    if (t.dialect === 'sqlite') expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const row = await t.db.selectFrom('counters').select('value').where('name', '=', 'test-counter').executeTakeFirstOrThrow();
    expect(Number(row.value)).toBe(8);
  });
});
