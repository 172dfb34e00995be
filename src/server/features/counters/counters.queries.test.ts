import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { postCountsMove } from './counters.queries.ts';

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
