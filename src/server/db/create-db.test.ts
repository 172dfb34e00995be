import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { isPostgres } from './engine.ts';

describe('the serving connection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // A temporary file per statement made an IN list or RETURNING several times slower.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('keeps SQLite temporary tables in memory', async () => {
    expect(isPostgres(t.db)).toBe(false);
    const { rows } = await sql<{ temp_store: number }>`pragma temp_store`.execute(t.db);
    expect(rows[0]?.temp_store).toBe(2); // MEMORY
  });
});
