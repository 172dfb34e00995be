import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { prepared, preparedByShape, type Args } from './prepared.ts';

describe('prepared queries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.db
      .insertInto('counters')
      .values([
        { name: 'p-one', value: 1 },
        { name: 'p-two', value: 2 },
        { name: 'p-three', value: 3 },
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('compiles once and binds each call’s values where the placeholders stood', async () => {
    const byName = prepared((db, a: Args<{ name: string }>) => db.selectFrom('counters').select('value').where('name', '=', a.name));
    expect((await byName.executeTakeFirst(t.db, { name: 'p-two' }))?.value).toBe(2);
    expect((await byName.executeTakeFirst(t.db, { name: 'p-three' }))?.value).toBe(3);
    const moved = prepared((db, a: Args<{ name: string; delta: number }>) =>
      db
        .updateTable('counters')
        .set({ value: sql`value + ${a.delta}` })
        .where('name', '=', a.name),
    );
    await moved.run(t.db, { name: 'p-one', delta: 41 });
    expect((await byName.executeTakeFirst(t.db, { name: 'p-one' }))?.value).toBe(42);
  });

  it('prepares one query per shape, found by the shape itself', async () => {
    let built = 0;
    const among = preparedByShape((shape: { n: number; order: 'asc' | 'desc' }) => {
      built += 1;
      return (db, a: Args<Record<string, string>>) =>
        db
          .selectFrom('counters')
          .select('name')
          .where(
            'name',
            'in',
            Array.from({ length: shape.n }, (_, i) => a[`n${i}`]!),
          )
          .orderBy('value', shape.order);
    });
    const names = async (shape: { n: number; order: 'asc' | 'desc' }, args: Record<string, string>) =>
      (await among(shape).execute(t.db, args)).map((r) => r.name);
    expect(await names({ n: 2, order: 'asc' }, { n0: 'p-three', n1: 'p-two' })).toEqual(['p-two', 'p-three']);
    // The same shape, its fields in another order: the same query, new values.
    expect(await names({ order: 'asc', n: 2 } as { n: number; order: 'asc' | 'desc' }, { n0: 'p-one', n1: 'p-two' })).toEqual([
      'p-two',
      'p-one',
    ]);
    expect(await names({ n: 3, order: 'desc' }, { n0: 'p-one', n1: 'p-two', n2: 'p-three' })).toEqual(['p-one', 'p-three', 'p-two']);
    expect(built).toBe(2);
  });

  it('refuses, at compile time, a builder that branches or computes on a placeholder', () => {
    // Each of these would be decided once, on the placeholder, for every later call. The
    // typecheck (npm run typecheck) fails if any of them compiles.
    prepared((db, a: Args<{ first: boolean; n: number; name: string }>) => {
      // @ts-expect-error branching on a placeholder
      const name = a.first ? 'a' : 'b';
      // @ts-expect-error arithmetic on a placeholder
      const limit = a.n + 1;
      // @ts-expect-error a placeholder is no string to compare
      const same = a.name === 'x';
      return db.selectFrom('counters').select('value').where('name', '=', name).limit(limit).where('name', '=', String(same));
    });
  });
});
