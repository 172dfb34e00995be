import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import type { DomainEvent } from './events.ts';
import { createWritePath, type Reaction, type WritePath } from './write-path.ts';

// One write path for every write: group commit on SQLite (each write still behaves as if it
// had run alone), a plain transaction on PostgreSQL; reactions inside and after the commit.
describe('the write path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const tags = async () => (await t.db.selectFrom('tags').select('tag').orderBy('tag').execute()).map((r) => r.tag);
  const tagEvent = (tag: string): DomainEvent => ({ type: 'tag.created', tagId: `id-${tag}`, tag });

  /** A write path on the test database with these reactions only. */
  function pathWith(reactions: Reaction[]): { writes: WritePath; failures: Array<[string, unknown]> } {
    const failures: Array<[string, unknown]> = [];
    const writes = createWritePath(t.db, { reactions, onReactionError: (name, error) => void failures.push([name, error]) });
    return { writes, failures };
  }

  const addTag = (writes: WritePath, tag: string) =>
    writes.run(async (w) => {
      await w.trx
        .insertInto('tags')
        .values({ id: `id-${tag}`, tag, created_at: new Date().toISOString() })
        .execute();
      w.record(tagEvent(tag));
      return tag;
    });

  it('commits writes sent together, each answering its own result', async () => {
    const { writes } = pathWith([]);
    const results = await Promise.all(['a1', 'a2', 'a3', 'a4', 'a5'].map((tag) => addTag(writes, tag)));
    expect(results).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(await tags()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('rolls back a failing write alone: its own error, nothing of it kept, the others committed', async () => {
    const seen: string[] = [];
    const { writes } = pathWith([
      { name: 'spy', afterCommit: (events) => void seen.push(...events.map((e) => (e as { tag: string }).tag)) },
    ]);
    const failing = writes.run(async (w) => {
      await w.trx.insertInto('tags').values({ id: 'id-half', tag: 'half-done', created_at: new Date().toISOString() }).execute();
      w.record(tagEvent('half-done'));
      throw new Error('refused');
    });
    const duplicate = addTag(writes, 'a1'); // a unique violation inside the database
    const others = [addTag(writes, 'b1'), addTag(writes, 'b2')];
    const [f, d, ...rest] = await Promise.allSettled([failing, duplicate, ...others]);
    expect(f).toMatchObject({ status: 'rejected', reason: new Error('refused') });
    expect(d?.status).toBe('rejected');
    expect(rest).toEqual([
      { status: 'fulfilled', value: 'b1' },
      { status: 'fulfilled', value: 'b2' },
    ]);
    expect(await tags()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b2']);
    // What follows a commit hears only of the writes that were committed.
    expect(seen.sort()).toEqual(['b1', 'b2']);
  });

  it('on SQLite, lets writes that arrive turn after turn share one batch; a write alone makes its own', async () => {
    const batches: string[][] = [];
    const { writes } = pathWith([
      { name: 'batches', afterCommit: (events) => void batches.push(events.map((e) => (e as { tag: string }).tag)) },
    ]);
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    // As requests do when their clients send them a moment apart: one each turn of the event loop.
    const pending = [addTag(writes, 't1')];
    await nextTurn();
    pending.push(addTag(writes, 't2'));
    await nextTurn();
    pending.push(addTag(writes, 't3'));
    await Promise.all(pending);
    await addTag(writes, 't4');
    if (t.engine === 'sqlite') expect(batches).toEqual([['t1', 't2', 't3'], ['t4']]);
    else expect(batches.map((b) => b.length)).toEqual([1, 1, 1, 1]); // a transaction each
  });

  it('lets each write see the ones committed before it in the same batch', async () => {
    const { writes } = pathWith([]);
    await t.db.insertInto('counters').values({ name: 'test-counter', value: 0 }).execute();
    const bump = () =>
      writes.run(async (w) => {
        const row = await w.trx.selectFrom('counters').select('value').where('name', '=', 'test-counter').executeTakeFirstOrThrow();
        await w.trx
          .updateTable('counters')
          .set({ value: sql`value + 1` })
          .where('name', '=', 'test-counter')
          .execute();
        return Number(row.value);
      });
    const seen = await Promise.all(Array.from({ length: 8 }, bump));
    if (t.engine === 'sqlite') expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const row = await t.db.selectFrom('counters').select('value').where('name', '=', 'test-counter').executeTakeFirstOrThrow();
    expect(Number(row.value)).toBe(8);
  });

  it('runs the reactions inside the transaction on what the work recorded; one that fails rolls the write back', async () => {
    const inside: Reaction = {
      name: 'mirror',
      async inTransaction(trx, events) {
        for (const e of events) {
          if (e.type !== 'tag.created') continue;
          if (e.tag === 'poison') throw new Error('the reaction refused');
          // The reaction's own change, in the write's transaction.
          await trx
            .insertInto('tags')
            .values({ id: `mirror-${e.tag}`, tag: `${e.tag}-mirror`, created_at: new Date().toISOString() })
            .execute();
        }
      },
    };
    const { writes } = pathWith([inside]);
    const [ok, poisoned] = await Promise.allSettled([addTag(writes, 'c1'), addTag(writes, 'poison')]);
    expect(ok).toEqual({ status: 'fulfilled', value: 'c1' });
    expect(poisoned).toMatchObject({ status: 'rejected', reason: new Error('the reaction refused') });
    const now = await tags();
    expect(now).toContain('c1');
    expect(now).toContain('c1-mirror');
    // Neither the work's row nor anything of the reaction was kept for the refused write.
    expect(now).not.toContain('poison');
    expect(now).not.toContain('poison-mirror');
  });

  it('lets a reaction record what it did in turn, for the reactions after it and after the commit', async () => {
    const later: string[] = [];
    const committed: string[] = [];
    const { writes } = pathWith([
      {
        name: 'deriver',
        async inTransaction(_trx, events, record) {
          for (const e of events) if (e.type === 'tag.created') record({ type: 'activity.rolled', day: `for-${e.tag}` });
        },
      },
      {
        name: 'reader',
        async inTransaction(_trx, events) {
          for (const e of events) if (e.type === 'activity.rolled') later.push(e.day);
        },
        afterCommit: (events) => void committed.push(...events.map((e) => e.type)),
      },
    ]);
    await addTag(writes, 'e1');
    expect(later).toEqual(['for-e1']);
    expect(committed).toEqual(['tag.created', 'activity.rolled']);
  });

  it('runs the reactions after the commit, before the caller is answered; a failure there is logged, never the write’s', async () => {
    const order: string[] = [];
    const { writes, failures } = pathWith([
      {
        name: 'broken',
        afterCommit() {
          throw new Error('the cache is down');
        },
      },
      {
        name: 'witness',
        async afterCommit(events) {
          // The write is visible to anyone by now: it was committed.
          const stored = await t.db.selectFrom('tags').select('tag').where('tag', '=', 'd1').executeTakeFirst();
          order.push(`after:${events.length}:${stored?.tag ?? 'missing'}`);
        },
      },
    ]);
    const answer = await addTag(writes, 'd1').then((tag) => {
      order.push('answered');
      return tag;
    });
    expect(answer).toBe('d1');
    expect(order).toEqual(['after:1:d1', 'answered']);
    expect(failures).toHaveLength(1);
    expect(failures[0]?.[0]).toBe('broken');
  });

  // A deadlock needs row locks held by two connections at once: PostgreSQL's, not SQLite's one writer.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'on PostgreSQL, runs again a write the database chose to end in a deadlock; its events are heard once',
    async () => {
      const heard: string[] = [];
      const { writes } = pathWith([
        { name: 'heard', afterCommit: (events) => void heard.push(...events.map((e) => (e as { tag: string }).tag)) },
      ]);
      await Promise.all(['x1', 'x2'].map((tag) => addTag(writes, tag)));
      // Each write holds one row, then waits for the other's: PostgreSQL ends one of them (40P01).
      let held = 0;
      let bothHeld: () => void = () => {};
      const meet = new Promise<void>((resolve) => (bothHeld = resolve));
      const attempts: Record<string, number> = { x1: 0, x2: 0 };
      const crosswise = (first: string, second: string) =>
        writes.run(async (w) => {
          attempts[first] = (attempts[first] ?? 0) + 1;
          await w.trx
            .updateTable('tags')
            .set({ post_count: sql`post_count + 1` })
            .where('tag', '=', first)
            .execute();
          if (++held === 2) bothHeld();
          await meet;
          await w.trx
            .updateTable('tags')
            .set({ post_count: sql`post_count + 1` })
            .where('tag', '=', second)
            .execute();
          w.record(tagEvent(first));
          return first;
        });
      expect(await Promise.all([crosswise('x1', 'x2'), crosswise('x2', 'x1')])).toEqual(['x1', 'x2']);
      // One of the two ran twice; each counts once, as if they had run one after the other.
      expect(attempts.x1! + attempts.x2!).toBe(3);
      const counts = await t.db.selectFrom('tags').select(['tag', 'post_count']).where('tag', 'in', ['x1', 'x2']).orderBy('tag').execute();
      expect(counts.map((c) => Number(c.post_count))).toEqual([2, 2]);
      expect(heard.sort()).toEqual(['x1', 'x1', 'x2', 'x2']);
    },
  );
});
