import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createTags } from '../test/factories.ts';
import { createDb } from './create-db.ts';
import { isPostgres } from './engine.ts';
import { sqliteDriverPath } from './sqlite-driver.ts';

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

  // `npm run admin` or `npm run reindex` on a live forum: another process holds the write lock.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'makes a write wait while another process writes the same SQLite file, instead of failing',
    async () => {
      await createTags(t, 'go');
      const holder = spawn(
        process.execPath,
        [
          '-e',
          `const db = new (require(process.argv[1]))(process.argv[2]);
           db.pragma('busy_timeout = 5000');
           db.exec("begin immediate; update tags set tag = tag where tag = 'go'");
           console.log('locked');
           Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);
           db.exec('commit');`,
          sqliteDriverPath(),
          t.config.sqlitePath,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const [line] = (await once(holder.stdout, 'data')) as [Buffer];
      expect(line.toString().trim()).toBe('locked');
      // A write that reads before it writes (as renaming a tag does).
      const renamed = await t.writePath.run(async (w) => {
        const tag = await w.trx.selectFrom('tags').select('id').where('tag', '=', 'go').executeTakeFirstOrThrow();
        return (await w.trx.updateTable('tags').set({ tag: 'golang' }).where('id', '=', tag.id).executeTakeFirst()).numUpdatedRows;
      });
      expect(renamed).toBe(1n);
      await once(holder, 'exit');
      expect(holder.exitCode).toBe(0);
    },
  );
});

describe('opening the SQLite file', () => {
  // A DATA_DIR pointed at the wrong folder: the driver said only "file is not a database".
  it('refuses a file that is not a database, naming it, and leaves it as it was', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-open-'));
    try {
      const file = path.join(dir, 'code-commons.sqlite');
      const junk = Buffer.from("not a database, but somebody's notes ".repeat(200));
      writeFileSync(file, junk);
      expect(() => createDb({ databaseUrl: null, sqlitePath: file })).toThrow(
        `Cannot open the forum's database ${file}: it is not a SQLite database`,
      );
      expect(readFileSync(file).equals(junk)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
