import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/create-db.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

// The tool as an operator runs it, on a SQLite data dir of its own.
describe('npm run backup', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-backup-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function backup(to: string, dataDir = dir, env: Record<string, string> = {}) {
    const { status, stdout, stderr } = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'backup.ts'), '--to', to], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', ...env },
    });
    return { status, stdout, stderr };
  }

  it('says in one sentence why a copy could not be written, and exits non-zero', async () => {
    const database = createDb({ databaseUrl: null, sqlitePath: path.join(dir, 'code-commons.sqlite') });
    await database.db.schema.createTable('filler').addColumn('body', 'text').execute();
    await database.close();
    // A destination whose folder cannot be made: its parent is a file.
    const blocker = path.join(dir, 'not-a-folder');
    writeFileSync(blocker, '');
    const destination = path.join(blocker, 'copy.sqlite');

    const { status, stderr } = backup(destination);
    expect(status).toBe(1);
    expect(stderr).toMatch(/^The backup failed: .+\. No backup was written to .+copy\.sqlite\.\n$/);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(destination)).toBe(false);
  });

  it('says which setting is wrong, without a stack trace, when the environment is invalid', () => {
    const destination = path.join(dir, 'bad-env.sqlite');
    const { status, stderr } = backup(destination, dir, { READ_CACHE: 'maybe' });
    expect(status).toBe(1);
    expect(stderr).toMatch(/^Invalid environment:\n {2}READ_CACHE: .+\n$/);
    expect(existsSync(destination)).toBe(false);
  });

  it('says so when DATA_DIR holds a file that is not a database', () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'cc-backup-cli-'));
    try {
      writeFileSync(path.join(other, 'code-commons.sqlite'), 'not a database '.repeat(500));
      const destination = path.join(dir, 'from-junk.sqlite');
      const { status, stderr } = backup(destination, other);
      expect(status).toBe(1);
      expect(stderr).toMatch(/^Cannot open the forum's database .+: it is not a SQLite database .+\n$/);
      expect(existsSync(destination)).toBe(false);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
