import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './create-db.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function until(condition: () => boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return condition();
}

describe('SQLite checkpoints', () => {
  it('copies committed writes into the database file from the worker, long before the automatic threshold', async () => {
    const file = path.join(dir, 'forum.sqlite');
    const database = createDb({ databaseUrl: null, sqlitePath: file });
    try {
      await sql`create table filler (body text not null)`.execute(database.db);
      const before = statSync(file).size;
      // About 2 MB: 500 pages, far below the main connection's own threshold of 20,000.
      const body = 'x'.repeat(4000);
      await database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 500; i += 1) await sql`insert into filler (body) values (${body})`.execute(trx);
      });
      expect(await until(() => statSync(file).size >= before + 2_000_000)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
