import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { durabilityWarning } from './durability.ts';
import { isPostgres } from './engine.ts';

// An acknowledged write survives a power cut: SQLite syncs every commit (synchronous=FULL, one
// sync per group-committed batch); PostgreSQL keeps synchronous_commit on.
describe('durability settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('syncs every commit', async () => {
    if (isPostgres(t.db)) {
      const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(t.db);
      expect(rows[0]?.synchronous_commit).toBe('on');
    } else {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(t.db);
      expect(rows[0]?.synchronous).toBe(2); // FULL
    }
    expect(await durabilityWarning(t.db)).toBeNull();
  });

  it('names a setting that could lose acknowledged writes', async () => {
    if (isPostgres(t.db)) {
      await t.db.connection().execute(async (c) => {
        await sql`set synchronous_commit = local`.execute(c);
        try {
          // Still flushed to this server's disk before the commit returns.
          expect(await durabilityWarning(c)).toBeNull();
          await sql`set synchronous_commit = off`.execute(c);
          expect(await durabilityWarning(c)).toMatch(/synchronous_commit = off/);
        } finally {
          await sql`set synchronous_commit = on`.execute(c);
        }
      });
    } else {
      await sql`pragma synchronous = NORMAL`.execute(t.db);
      try {
        expect(await durabilityWarning(t.db)).toMatch(/not syncing every commit/);
      } finally {
        await sql`pragma synchronous = FULL`.execute(t.db);
      }
    }
  });
});
