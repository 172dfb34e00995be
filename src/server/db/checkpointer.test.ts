import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BUSY_TIMEOUT_MS, logBound, RESTART_AT_BYTES, startCheckpointer, WAL_SIZE_LIMIT_BYTES } from './checkpointer.ts';
import { createDb } from './create-db.ts';
import { loadSqliteDriver } from './sqlite-driver.ts';
import { createWritePath } from '../write-path/write-path.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function until(condition: () => boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return condition();
}

/** Commits about 1.2 MB (300 pages): below the automatic threshold either way. */
async function writeAMegabyte(file: string, backgroundCheckpoints: boolean) {
  const database = createDb({ databaseUrl: null, sqlitePath: file, backgroundCheckpoints });
  await database.ready;
  await sql`create table filler (body text not null)`.execute(database.db);
  const before = statSync(file).size;
  const body = 'x'.repeat(4000);
  // Written as the server writes: the checkpointer is told after the commit.
  const writes = createWritePath(database.db, {
    reactions: [{ name: 'checkpointer', afterCommit: () => database.committed() }],
    onReactionError: (_name, error) => {
      throw error;
    },
  });
  await writes.run(async (w) => {
    for (let i = 0; i < 300; i += 1) await sql`insert into filler (body) values (${body})`.execute(w.trx);
    w.record({ type: 'forum.seeded' });
  });
  return { database, before };
}

// SQLite only: PostgreSQL has no such log to copy.
describe('SQLite background checkpoints', () => {
  it('copy committed writes into the database file from the worker thread', async () => {
    const file = path.join(dir, 'background.sqlite');
    const { database, before } = await writeAMegabyte(file, true);
    try {
      expect(await until(() => statSync(file).size >= before + 1_200_000)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('are what copies them: without the worker the writes stay in the log for now', async () => {
    const file = path.join(dir, 'inline.sqlite');
    const { database, before } = await writeAMegabyte(file, false);
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(statSync(file).size).toBeLessThan(before + 1_200_000);
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(1_200_000);
    } finally {
      await database.close();
    }
  });

  it('stop with the database, leaving every committed row readable', async () => {
    const file = path.join(dir, 'closed.sqlite');
    const { database } = await writeAMegabyte(file, true);
    await database.close();
    const reopened = createDb({ databaseUrl: null, sqlitePath: file });
    try {
      const { rows } = await sql<{ n: number }>`select count(*) as n from filler`.execute(reopened.db);
      expect(Number(rows[0]!.n)).toBe(300);
    } finally {
      await reopened.close();
    }
  });

  it('keep the process until they have stopped, so a shutdown that closes the database reaches its end', () => {
    // In a process of its own: nothing but the database holds it, as in a server's shutdown.
    const createDbModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'create-db.ts');
    const script = `
      import { createDb } from ${JSON.stringify(createDbModule)};
      const database = createDb({ databaseUrl: null, sqlitePath: ${JSON.stringify(path.join(dir, 'shutdown.sqlite'))}, backgroundCheckpoints: true });
      await database.ready;
      await database.close();
      console.log('closed');`;
    const { status, stdout } = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(stdout).toBe('closed\n');
    expect(status).toBe(0);
  });
});

describe('the write-ahead log', () => {
  /** A server's database with a write path that reports the log's size after every batch. */
  async function openMeasured(name: string) {
    const file = path.join(dir, name);
    const database = createDb({ databaseUrl: null, sqlitePath: file, backgroundCheckpoints: true });
    await database.ready;
    await sql`create table filler (body text not null)`.execute(database.db);
    const sizes: number[] = [];
    const writes = createWritePath(database.db, {
      reactions: [
        { name: 'checkpointer', afterCommit: () => database.committed() },
        { name: 'probe', afterCommit: () => void sizes.push(statSync(`${file}-wal`).size) },
      ],
      onReactionError: (_name, error) => {
        throw error;
      },
    });
    const insert = (rows: number, body: string) =>
      writes.run(async (w) => {
        for (let i = 0; i < rows; i += 1) await sql`insert into filler (body) values (${body})`.execute(w.trx);
        w.record({ type: 'forum.seeded' });
      });
    return { database, sizes, insert, wal: () => statSync(`${file}-wal`).size };
  }

  it('stays bounded near the fallback threshold under a steady stream of writes', async () => {
    const { database, sizes, insert } = await openMeasured('steady.sqlite');
    try {
      // About 32 MB through the log, all sent at once: batches follow each other without a pause.
      await Promise.all(Array.from({ length: 8_000 }, () => insert(1, 'x'.repeat(4000))));
      expect(Math.max(...sizes)).toBeLessThanOrEqual(2 * WAL_SIZE_LIMIT_BYTES);
    } finally {
      await database.close();
    }
  });

  // The serving connection's own fallback checkpoints kept the test above within its bound by
  // themselves (8-10 MB of log), so it passed with the bound on writes (logBound) taken out. With
  // them off, the worker alone falls behind this stream (40-70 MB of log); the bound holds 12 MB.
  it('is held there by the bound on writes when only the worker copies and falls behind', async () => {
    const { database, sizes, insert } = await openMeasured('behind.sqlite');
    try {
      await sql`pragma wal_autocheckpoint = 0`.execute(database.db);
      await Promise.all(Array.from({ length: 16_000 }, () => insert(1, 'x'.repeat(4000))));
      expect(Math.max(...sizes)).toBeLessThanOrEqual(2 * WAL_SIZE_LIMIT_BYTES);
    } finally {
      await database.close();
    }
  });

  it('comes back to its bound after one large write has grown it (a bulk load, a big import)', async () => {
    const { database, insert, wal } = await openMeasured('burst.sqlite');
    try {
      await insert(10_000, 'y'.repeat(3000)); // about 30 MB in one transaction: the log must hold it all
      expect(wal()).toBeGreaterThan(2 * RESTART_AT_BYTES);
      // Ordinary writes after it: once the log has been copied and starts again, its file is cut
      // back (a write that begins past the bound copies what the worker has not, below).
      for (let round = 0; round < 50 && wal() > WAL_SIZE_LIMIT_BYTES; round += 1) {
        await Promise.all(Array.from({ length: 20 }, () => insert(1, 'z')));
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(wal()).toBeLessThanOrEqual(WAL_SIZE_LIMIT_BYTES);
      const { rows } = await sql<{ n: number }>`select count(*) as n from filler`.execute(database.db);
      expect(Number(rows[0]!.n)).toBeGreaterThan(10_000);
    } finally {
      await database.close();
    }
  });
});

describe('the worker between its rounds', () => {
  // The serving connection copies the log itself only between the worker's rounds; a round the
  // worker began just then made that copy busy (and a second of writes went unbounded).
  it('begins no round while the serving connection copies the log, though told of commits meanwhile', async () => {
    const file = path.join(dir, 'held.sqlite');
    const Sqlite = loadSqliteDriver();
    const sqlite = new Sqlite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('wal_autocheckpoint = 0');
    sqlite.exec('create table filler (body text not null)');
    const insert = sqlite.prepare('insert into filler (body) values (?)');
    const fill = (rows: number) =>
      sqlite.transaction(() => {
        for (let i = 0; i < rows; i += 1) insert.run('h'.repeat(4000));
      })();
    const restart = sqlite.prepare('PRAGMA wal_checkpoint(RESTART)');
    const checkpointer = startCheckpointer(file, (message) => {
      throw new Error(message);
    });
    await checkpointer.started;
    try {
      const pause = new Int32Array(new SharedArrayBuffer(4));
      for (let round = 0; round < 5; round += 1) {
        fill(5_000); // about 20 MB for a round to copy
        const busy = checkpointer.betweenRounds(5_000, () => {
          // Told of a commit, the worker wakes now; its round would hold the checkpoint's lock.
          checkpointer.committed();
          Atomics.wait(pause, 0, 0, 30);
          sqlite.pragma('busy_timeout = 0');
          return (restart.get() as { busy: number }).busy;
        });
        expect(busy, `round ${round}`).toBe(0);
      }
    } finally {
      await checkpointer.stop();
      sqlite.close();
    }
  });
});

describe('a write that begins with the log past its bound', () => {
  /** A connection configured as the server's, minus the worker, with its own checkpoints off. */
  function openConnection(name: string) {
    const file = path.join(dir, name);
    const Sqlite = loadSqliteDriver();
    const sqlite = new Sqlite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    sqlite.pragma('wal_autocheckpoint = 0'); // as if the worker had fallen behind
    sqlite.exec('create table filler (body text not null)');
    const insert = sqlite.prepare('insert into filler (body) values (?)');
    const bound = logBound(sqlite, file, { betweenRounds: (_ms, copy) => copy() });
    /** One write transaction, begun as the serving connection begins its own. */
    const write = (rows: number) => {
      bound();
      sqlite
        .transaction(() => {
          for (let i = 0; i < rows; i += 1) insert.run('w'.repeat(4000));
        })
        .immediate();
    };
    return { file, sqlite, write, wal: () => statSync(`${file}-wal`).size };
  }

  it('copies the rest of the log first, so the log starts again and its file is cut back', () => {
    const { sqlite, write, wal } = openConnection('bound.sqlite');
    try {
      write(4_000); // about 16 MB left in the log
      expect(wal()).toBeGreaterThan(RESTART_AT_BYTES);
      write(1);
      expect(wal()).toBeLessThanOrEqual(WAL_SIZE_LIMIT_BYTES);
      expect(sqlite.prepare('select count(*) as n from filler').get()).toEqual({ n: 4_001 });
    } finally {
      sqlite.close();
    }
  });

  it('does not wait for another process reading, and copies once it has gone', async () => {
    const { file, sqlite, write, wal } = openConnection('reader.sqlite');
    const reader = new (loadSqliteDriver())(file);
    try {
      write(10);
      // A reader's snapshot (a backup under way) holds the log: it cannot start again meanwhile.
      reader.exec('begin');
      expect(reader.prepare('select count(*) as n from filler').get()).toEqual({ n: 10 });
      write(4_000);
      const started = Date.now();
      write(1);
      // Not the busy handler's 5 s: the reader is not waited for, and the handler is back after.
      expect(Date.now() - started).toBeLessThan(BUSY_TIMEOUT_MS / 2);
      expect(sqlite.pragma('busy_timeout')).toEqual([{ timeout: BUSY_TIMEOUT_MS }]);
      expect(wal()).toBeGreaterThan(RESTART_AT_BYTES);
      expect(reader.prepare('select count(*) as n from filler').get()).toEqual({ n: 10 });
      reader.exec('commit');
      write(1); // within a second of the refused copy: not tried again yet
      expect(wal()).toBeGreaterThan(RESTART_AT_BYTES);
      await new Promise((r) => setTimeout(r, 1100));
      write(1);
      expect(wal()).toBeLessThanOrEqual(WAL_SIZE_LIMIT_BYTES);
      expect(sqlite.prepare('select count(*) as n from filler').get()).toEqual({ n: 4_013 });
    } finally {
      reader.close();
      sqlite.close();
    }
  });

  it('copies a second after a refused copy even when the wall clock has since stepped back', async () => {
    const { file, sqlite, write, wal } = openConnection('clock.sqlite');
    const reader = new (loadSqliteDriver())(file);
    const wallClock = Date.now.bind(Date);
    try {
      write(10);
      reader.exec('begin');
      expect(reader.prepare('select count(*) as n from filler').get()).toEqual({ n: 10 });
      write(4_000);
      write(1); // refused: the reader's snapshot holds the log
      expect(wal()).toBeGreaterThan(RESTART_AT_BYTES);
      reader.exec('commit');
      // The clock is set back an hour (an NTP correction, a virtual machine resumed).
      vi.spyOn(Date, 'now').mockImplementation(() => wallClock() - 3_600_000);
      await new Promise((r) => setTimeout(r, 1100));
      write(1);
      expect(wal()).toBeLessThanOrEqual(WAL_SIZE_LIMIT_BYTES);
    } finally {
      vi.restoreAllMocks();
      reader.close();
      sqlite.close();
    }
  });
});
