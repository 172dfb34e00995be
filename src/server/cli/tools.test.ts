import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

// The tools as an operator runs them (npm run admin, seed, reindex: one way to open the database), on a SQLite data dir of
// their own: what they cannot do is said in one sentence, never a stack trace.
describe('npm run admin, seed and reindex', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-tools-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function run(tool: string, args: string[], env: Record<string, string> = {}) {
    const { status, stdout, stderr } = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, `${tool}.ts`), ...args], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: dir, DATABASE_URL: '', NODE_ENV: 'test', ...env },
      timeout: 60_000,
    });
    return { status, stdout, stderr };
  }

  const tools = [
    { tool: 'admin', args: ['promote', 'ada@example.org'] },
    { tool: 'seed', args: [] },
  ];

  it.each(tools)('$tool says which setting is wrong when the environment is invalid', ({ tool, args }) => {
    const { status, stderr } = run(tool, args, { PORT: 'eighty' });
    expect(stderr).toBe('Invalid environment:\n  PORT: PORT is a port number from 0 to 65535\n');
    expect(status).toBe(1);
  });

  it('names the PostgreSQL it cannot use, at once', () => {
    // Nothing listens on port 1: refused at once, and a tool does not wait for it as the server's start does.
    const { status, stderr } = run('reindex', [], { DATABASE_URL: 'postgres://forum:secret@127.0.0.1:1/forum' });
    expect(stderr).toMatch(/^PostgreSQL at 127\.0\.0\.1:1\/forum cannot be used: .*ECONNREFUSED.*\. Check DATABASE_URL, .+\n$/);
    expect(stderr).not.toContain('secret');
    expect(status).toBe(1);
  });

  it('says so when the database was migrated by a newer version', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-tools-'));
    try {
      const database = createDb({ databaseUrl: null, sqlitePath: path.join(dataDir, 'code-commons.sqlite') });
      await migrateToLatest(database.db);
      await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-version', '2030-01-01')`.execute(database.db);
      await database.close();
      const { status, stderr } = run('admin', ['promote', 'ada@example.org'], { DATA_DIR: dataDir });
      expect(stderr).toBe(
        'This database was migrated by a newer version of Code Commons (9999-from-a-newer-version is unknown to this one); ' +
          'it was left as it was. Run that version, or restore a backup taken with this one.\n',
      );
      expect(status).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.each([['--hepl'], ['now']])('reindex refuses %s, rebuilding nothing', (arg) => {
    const { status, stdout, stderr } = run('reindex', [arg]);
    expect(stderr).toMatch(/^Unknown option '--hepl'|^Unexpected argument 'now'/);
    expect(stderr).toContain('Usage: npm run reindex');
    expect(stdout).toBe('');
    expect(status).toBe(2);
  });

  const usage = 'Usage: npm run admin -- promote <email>   (the person must have signed up first)';
  it.each([
    [['promote', 'ada.example.org'], "'ada.example.org' is not an email address."],
    [['promote'], 'promote needs the email of the member to promote.'],
    [['demote', 'ada@example.org'], "Unknown command 'demote'."],
    [['promote', 'ada@example.org', 'bob@example.org'], "promote takes one email; 'bob@example.org' is left over."],
  ])('admin %j says what is wrong before its usage', (args, mistake) => {
    const { status, stdout, stderr } = run('admin', args);
    expect(stderr).toBe(`${mistake}\n${usage}\n`);
    expect(stdout).toBe('');
    expect(status).toBe(2);
  });

  it('admin names an option it does not know before its usage', () => {
    const { status, stderr } = run('admin', ['promote', '--admin', 'ada@example.org']);
    expect(stderr).toMatch(/^Unknown option '--admin'/);
    expect(stderr.endsWith(`\n${usage}\n`)).toBe(true);
    expect(status).toBe(2);
  });
});
