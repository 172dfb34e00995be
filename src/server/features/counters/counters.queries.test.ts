import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { sql } from 'kysely';
import { runCombined } from '../../db/combined-writes.ts';
import { postCountsMove, readCounter, siteCounterMove } from './counters.queries.ts';

describe('a post count move', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // SQLite rewrites the entries of every index over a column a statement sets, changed or not:
  // a comment that set the score would rewrite the post's popularity entries on each comment.
  it('of a comment sets the comment count only', () => {
    const move = postCountsMove(t.db, 'p1', { up: 0, down: 0, comments: 1 });
    expect(move.sql).toMatch(/comment_count/);
    expect(move.sql).not.toMatch(/score|up_votes|down_votes/);
    expect(move.parameters).toEqual([1, 'p1']);
  });

  it('of a vote sets the votes and the score', () => {
    const move = postCountsMove(t.db, 'p1', { up: 1, down: -1, comments: 0 });
    expect(move.sql).toMatch(/score/);
    expect(move.parameters).toContain(2); // score moves by up − down
  });
});

// On PostgreSQL a site total is spread over rows so that writes at once do not queue for one
// row's lock: two transactions open together, each moving the total again and again, must never
// wait for each other (a wait runs into the lock timeout and fails the move).
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('site total moves on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('of two transactions at once never wait for each other', async () => {
    // Each transaction waits for the other at both barriers, so neither commits before both
    // have made all their moves: a row moved by both would hold the second until its timeout.
    const barrier = () => {
      let arrive!: () => void;
      let n = 0;
      const all = new Promise<void>((resolve) => (arrive = () => (++n === 2 ? resolve() : undefined)));
      return async () => {
        arrive();
        await all;
      };
    };
    const opened = barrier();
    const moved = barrier();
    const moves = [0, 1].map(() =>
      t.db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = '300ms'`.execute(trx);
        await runCombined(trx, [siteCounterMove(trx, 'comments', 1)]);
        await opened();
        for (let k = 0; k < 20; k++) await runCombined(trx, [siteCounterMove(trx, 'comments', 1)]);
        await moved();
      }),
    );
    await Promise.all(moves);
    expect(await readCounter(t.db, 'comments')).toBeGreaterThanOrEqual(42);
  });
});
