import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/env.ts';
import { tcpProxy } from '../test/tcp-proxy.ts';
import { createDb } from './create-db.ts';
import { waitForDatabase, whereIs } from './wait-for-database.ts';

// Start-up while PostgreSQL is not there yet, or not the one DATABASE_URL means.
describe('where DATABASE_URL points, as the start-up messages name it', () => {
  it('names the host and database of every form the driver reads, and never throws', () => {
    expect(whereIs('postgres://forum:secret@db.example.org:5432/forum')).toBe('db.example.org:5432/forum');
    expect(whereIs('postgres://forum@localhost/forum?host=/run/postgresql')).toBe('/run/postgresql/forum');
    // No host before the path: the driver reads it (the socket is in ?host=); the URL parser does not.
    expect(whereIs('postgres://forum@/forum?host=/run/postgresql')).toBe('/run/postgresql/forum');
    expect(whereIs('postgres://forum@/forum')).toBe('/forum');
    // Neither reads this one (a port past 65535): the sentence still comes, naming the setting.
    expect(whereIs('postgres://forum:secret@db.example.org:99999/forum')).toBe('the address in DATABASE_URL');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('start-up without its database', () => {
  it('waits for a PostgreSQL that is not reachable yet, and stops with one sentence if it stays so', async () => {
    const proxy = await tcpProxy(process.env.TEST_DATABASE_URL!);
    const database = createDb({ databaseUrl: proxy.url, sqlitePath: '' });
    try {
      proxy.cut();
      const waits: string[] = [];
      const waited = waitForDatabase(database.db, proxy.url, { waitMs: 10_000, onWait: (m) => waits.push(m) });
      setTimeout(() => proxy.restore(), 1500);
      await waited;
      expect(waits).toHaveLength(1);
      expect(waits[0]).toMatch(/is not reachable yet/);

      proxy.cut();
      const failed = await waitForDatabase(database.db, proxy.url, { waitMs: 1500 }).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(ConfigError);
      expect((failed as Error).message).toContain(`PostgreSQL at ${new URL(proxy.url).host}/`);
    } finally {
      proxy.restore();
      await database.close();
      await proxy.close();
    }
  });

  it('says in one sentence why a database named through a socket folder with no host refuses it', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    // postgres://user@/cc_no_such_database?host=…: the host goes to the query, the URL keeps none.
    const socketForm = `postgres://${url.username}@/cc_no_such_database?host=${encodeURIComponent(url.hostname)}&port=${url.port || '5432'}`;
    const database = createDb({ databaseUrl: socketForm, sqlitePath: '' });
    try {
      const failed = await waitForDatabase(database.db, socketForm, { waitMs: 1500 }).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(ConfigError);
      expect((failed as Error).message).toContain(`PostgreSQL at ${url.hostname}/cc_no_such_database cannot be used`);
    } finally {
      await database.close();
    }
  });

  it('stops the server at once with a sentence, not a stack trace, when the database refuses it', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = '/cc_no_such_database';
    url.password = 'not-shown';
    const main = fileURLToPath(new URL('../main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: url.toString(), REDIS_URL: '', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('cannot be used');
    expect(output).toContain('cc_no_such_database');
    expect(output).not.toContain('not-shown');
    expect(output).not.toMatch(/^\s+at /m);
  });
});
