import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './db/create-db.ts';
import { migrateToLatest } from './db/migrate.ts';

// What whoever starts the server reads when it cannot start: one sentence, never a stack trace.
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const start = (dataDir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'main.ts')], {
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', REDIS_URL: '', PORT: '0', DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('a server that cannot start', () => {
  it('says so in one sentence when its database file is not a database', () => {
    const dataDir = path.join(dir, 'notes');
    mkdirSync(dataDir);
    const file = path.join(dataDir, 'code-commons.sqlite');
    writeFileSync(file, "not a database, but somebody's notes ".repeat(200));
    const { status, stderr } = start(dataDir);
    expect(status).toBe(1);
    expect(stderr).toBe(`Cannot open the forum's database ${file}: it is not a SQLite database (is DATA_DIR the forum's data folder?).\n`);
  });

  it('says so in one sentence when DATA_DIR cannot be made', () => {
    const blocker = path.join(dir, 'a-file');
    writeFileSync(blocker, '');
    const dataDir = path.join(blocker, 'data');
    const { status, stderr } = start(dataDir);
    expect(status).toBe(1);
    expect(stderr).toMatch(new RegExp(`^DATA_DIR ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be made: ENOTDIR[^\\n]*\\.\\n$`));
  });

  it('says so in one sentence when a newer version migrated its database', async () => {
    const dataDir = path.join(dir, 'newer');
    mkdirSync(dataDir);
    const database = createDb({ databaseUrl: null, sqlitePath: path.join(dataDir, 'code-commons.sqlite') });
    await migrateToLatest(database.db);
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-version', '2030-01-01')`.execute(database.db);
    await database.close();
    const { status, stderr } = start(dataDir);
    expect(status).toBe(1);
    expect(stderr).toBe(
      'This database was migrated by a newer version of Code Commons (9999-from-a-newer-version is unknown to this one); ' +
        'it was left as it was. Run that version, or restore a backup taken with this one.\n',
    );
  });
});
