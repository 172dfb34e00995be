import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { migrateToLatest } from './migrate.ts';

describe('migrating a database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // A downgrade, or a backup of a newer version restored under an older one.
  it('refuses one a newer version migrated, saying so, and leaves it as it was', async () => {
    const future = '9999-from-a-newer-version';
    await sql`insert into kysely_migration (name, timestamp) values (${future}, ${new Date().toISOString()})`.execute(t.db);
    const ran = async () => (await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(t.db)).rows[0]!.n;
    const before = Number(await ran());
    try {
      await expect(migrateToLatest(t.db)).rejects.toThrow(
        `This database was migrated by a newer version of Code Commons (${future} is unknown to this one)`,
      );
      expect(Number(await ran())).toBe(before);
    } finally {
      await sql`delete from kysely_migration where name = ${future}`.execute(t.db);
    }
  });
});
