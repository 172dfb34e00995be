import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/create-db.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

// The tool as an operator runs it, on a SQLite data dir of its own.
describe('npm run backup', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-backup-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const toolEnv = (dataDir: string, env: Record<string, string> = {}) => ({
    ...process.env,
    NODE_OPTIONS: '',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    ...env,
  });
  const tool = path.join(here, 'backup.ts');

  function backup(to: string | null, dataDir = dir, env: Record<string, string> = {}, cwd?: string) {
    const { status, stdout, stderr } = spawnSync(process.execPath, ['--import', 'tsx', tool, ...(to ? ['--to', to] : [])], {
      encoding: 'utf8',
      env: toolEnv(dataDir, env),
      cwd,
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

  // npm runs a script from the project's folder and says where it was typed in INIT_CWD.
  it('writes a relative --to given through npm beside where it was typed, not in the project folder', async () => {
    const database = createDb({ databaseUrl: null, sqlitePath: path.join(dir, 'code-commons.sqlite') });
    await database.db.schema.createTable('if not exists filler').addColumn('body', 'text').execute();
    await database.close();
    const project = mkdtempSync(path.join(os.tmpdir(), 'cc-backup-project-'));
    const typedIn = mkdtempSync(path.join(os.tmpdir(), 'cc-backup-typed-'));
    // The tool runs from "the project folder", where it finds its packages.
    symlinkSync(path.join(here, '../../../node_modules'), path.join(project, 'node_modules'));
    try {
      const { status, stdout, stderr } = backup('relative.sqlite', dir, { npm_lifecycle_event: 'backup', INIT_CWD: typedIn }, project);
      expect(stderr).toBe('');
      expect(status).toBe(0);
      expect(stdout).toContain(`to ${path.join(typedIn, 'relative.sqlite')} in `);
      expect(existsSync(path.join(typedIn, 'relative.sqlite'))).toBe(true);
      expect(existsSync(path.join(project, 'relative.sqlite'))).toBe(false);
    } finally {
      rmSync(project, { recursive: true, force: true });
      rmSync(typedIn, { recursive: true, force: true });
    }
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

  it('on PostgreSQL, names pg_dump and a pg_restore that works on a new database too', () => {
    const { status, stdout, stderr } = backup(null, dir, { DATABASE_URL: 'postgres://forum@127.0.0.1:1/forum' });
    expect(stderr).toBe(
      [
        'This forum runs on PostgreSQL. Back it up with pg_dump, for example:',
        '  pg_dump --format=custom --file=code-commons.dump "$DATABASE_URL"',
        'and restore, with the servers stopped, with',
        '  pg_restore --clean --if-exists --dbname="$DATABASE_URL" code-commons.dump',
        '',
      ].join('\n'),
    );
    expect(stdout).toBe('');
    expect(status).toBe(1);
  });

  it('removes, at the next backup, the file of a backup killed before its copy was whole', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-backup-cli-'));
    try {
      // Large enough that the copy takes a while (some 64 MB): the kill lands while it is written.
      const database = createDb({ databaseUrl: null, sqlitePath: path.join(dataDir, 'code-commons.sqlite') });
      await database.db.schema.createTable('filler').addColumn('body', 'blob').execute();
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 64)
        insert into filler select randomblob(1000000) from n`.execute(database.db);
      await database.close();
      const backups = path.join(dataDir, 'backups');
      mkdirSync(backups);

      // kill -9 as soon as the copy's file appears, as a timeout or the OOM killer would.
      const child = spawn(process.execPath, ['--import', 'tsx', tool], { env: toolEnv(dataDir), stdio: 'ignore' });
      const watcher = watch(backups, () => {
        if (readdirSync(backups).length > 0) child.kill('SIGKILL');
      });
      const [, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
      watcher.close();
      expect(signal).toBe('SIGKILL');
      // The copy, and perhaps its journal.
      const left = readdirSync(backups);
      expect(left.length).toBeGreaterThan(0);
      for (const name of left) expect(name).toMatch(/\.partial(-journal)?$/);

      const { status, stdout } = backup(null, dataDir);
      expect(status).toBe(0);
      for (const name of left) expect(stdout).toContain(`Removed ${name}, left by a backup that did not finish.`);
      const now = readdirSync(backups);
      expect(now).toHaveLength(1);
      expect(now[0]).toMatch(/^code-commons-[\dTZ-]+\.sqlite$/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
