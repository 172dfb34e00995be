import type BetterSqlite3 from 'better-sqlite3';
import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { tuneHeap } from '../heap.ts';
import { sqliteDriverPath } from './sqlite-driver.ts';

/**
 * Copies SQLite's write-ahead log into the database file from a worker thread.
 *
 * Every COMMIT appends its pages to the log; a checkpoint copies them into the database file
 * and syncs it. Left to itself SQLite checkpoints inside the COMMIT that grows the log past
 * wal_autocheckpoint pages, on the server's only thread: about 45 % of what a batch of writes
 * costs there (reading the pages back, writing them again, two fsyncs), paid while every
 * request waits. Here a second connection on its own thread runs a PASSIVE checkpoint after
 * each batch of writes (a checkpoint that never blocks the writer or the readers) and the log
 * starts again from its beginning once it has all been copied. The main connection keeps an
 * automatic threshold of its own (FALLBACK_AUTOCHECKPOINT_PAGES), should this thread fail.
 *
 * Neither bounds the log by itself under a steady stream of writes: a PASSIVE checkpoint copies
 * what was committed when it began, the writes go on meanwhile, and the log starts again only
 * when a write begins with all of it copied. When the worker falls behind (a busy machine, a
 * slow disk) the two checkpoints take turns failing for the same lock and the log grows. So a
 * write that would begin with the log past RESTART_AT_BYTES first waits for the worker's round
 * and copies the rest itself (logBound below): writes wait for the copy only when it is behind.
 *
 * The thread is small on purpose: no modules but the driver, a tiny page cache (a checkpoint
 * copies pages without caching them) and a capped heap. Even so a worker is a Node environment
 * of its own: about 10 MiB of the server's memory on Node 20, 15 MiB on Node 24 (ADR 0008).
 */

export const FALLBACK_AUTOCHECKPOINT_PAGES = 2000;

/** What the write-ahead log is cut back to once it starts again: the fallback threshold. */
export const WAL_SIZE_LIMIT_BYTES = FALLBACK_AUTOCHECKPOINT_PAGES * 4096;

/** Past this the next write copies the rest of the log before it begins (logBound). */
export const RESTART_AT_BYTES = 1.5 * WAL_SIZE_LIMIT_BYTES;

/** After a copy that could not finish (another process reading: a backup), writes go on for this long. */
const RESTART_RETRY_MS = 1000;

/** How long a write waits for the worker's round to end before copying the log itself. */
const ROUND_WAIT_MS = 250;

/** How long the serving connection waits for another process's write lock (create-db.ts). */
export const BUSY_TIMEOUT_MS = 5000;

/** A checkpoint at least this often even when no batch announced itself (posts, admin writes). */
const IDLE_CHECK_MS = 1000;

// Shared with the worker: [0] counts the batches committed, [1] asks the worker to stop, [2] is
// 1 while the worker checkpoints, [3] is 1 while the serving connection copies the log itself
// (the worker begins no round meanwhile).
const COMMITS = 0;
const STOP = 1;
const RUNNING = 2;
const HELD = 3;

// Runs in the worker (CommonJS, evaluated); the driver's path comes from the main thread. It
// blocks on Atomics.wait between checkpoints, which a worker may do.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('cache_size = -64');
// Prepared once: db.pragma() prepares a statement per call, which the driver frees only when
// this thread's garbage collector runs, and a thread that makes almost no garbage rarely does
// (on Node 24 its heap held 20 MiB of them).
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const shared = workerData.shared;
let seen = Atomics.load(shared, ${COMMITS});
while (Atomics.load(shared, ${STOP}) === 0) {
  Atomics.wait(shared, ${COMMITS}, seen, ${IDLE_CHECK_MS});
  seen = Atomics.load(shared, ${COMMITS});
  if (Atomics.load(shared, ${STOP}) !== 0) break;
  // RUNNING is set before HELD is read, and the serving thread sets HELD before it reads
  // RUNNING: one of the two always sees the other, so they never copy at once.
  Atomics.store(shared, ${RUNNING}, 1);
  try {
    if (Atomics.load(shared, ${HELD}) === 0) checkpoint.get();
  } catch (error) {
    parentPort.postMessage(String(error));
  } finally {
    Atomics.store(shared, ${RUNNING}, 0);
    Atomics.notify(shared, ${RUNNING});
  }
}
db.close();
`;

export interface Checkpointer {
  /** Settles once the worker runs (or has failed to start). */
  started: Promise<void>;
  /** Tells the worker a batch of writes has been committed. */
  committed(): void;
  /**
   * Runs `copy` once the worker's checkpoint in progress, if any, has ended (waiting at most
   * `ms`), with the worker kept from beginning another until `copy` returns; undefined, without
   * running it, if the round goes on.
   */
  betweenRounds<T>(ms: number, copy: () => T): T | undefined;
  stop(): Promise<void>;
}

export function startCheckpointer(path: string, onError: (message: string) => void): Checkpointer {
  const shared = new Int32Array(new SharedArrayBuffer(16));
  const driver = sqliteDriverPath();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path, driver, shared },
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 },
  });
  let running = true;
  // Starting a worker puts V8's heap-growth flags back to their defaults for the whole process
  // (Node 20): the server's young generation would grow to 32 MiB again. They are applied
  // again once the worker runs; the caller waits for that before it goes on allocating.
  const started = new Promise<void>((resolve) => {
    worker.once('online', () => {
      tuneHeap();
      // From now on the worker does not keep the process alive by itself.
      worker.unref();
      resolve();
    });
    worker.once('error', () => resolve());
  });
  worker.on('message', (message: string) => onError(message));
  // A failed worker leaves the main connection's own checkpoints in charge.
  worker.on('error', (error) => onError(String(error)));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  void exited.then(() => (running = false));
  return {
    started,
    committed() {
      Atomics.add(shared, COMMITS, 1);
      Atomics.notify(shared, COMMITS);
    },
    betweenRounds(ms, copy) {
      if (!running) return copy();
      Atomics.store(shared, HELD, 1);
      try {
        Atomics.wait(shared, RUNNING, 1, ms);
        return Atomics.load(shared, RUNNING) === 0 ? copy() : undefined;
      } finally {
        Atomics.store(shared, HELD, 0);
      }
    },
    async stop() {
      if (!running) return;
      // Waited for: unreferenced, the worker let the process end before its last round and its
      // close, and a shutdown awaiting this never reached its own end.
      worker.ref();
      Atomics.store(shared, STOP, 1);
      Atomics.notify(shared, COMMITS);
      await exited;
    },
  };
}

/**
 * Run by the serving connection before each write transaction begins: when the log has grown
 * past RESTART_AT_BYTES without starting again, copy the rest of it now (a RESTART checkpoint,
 * after the worker's round, the worker holding off its next meanwhile) so that this write starts
 * it again from its beginning. While a round goes on past ROUND_WAIT_MS the write goes ahead,
 * and the next one waits again: writes slow to the copy's pace. Readers of other processes are
 * not waited for: with one reading (a backup), the copy stops where that reader's snapshot does,
 * writes go on, and it is tried again a second later. (Before the worker held off, a round it
 * began just after the wait made the copy busy too, and a second of writes went unbounded: the
 * log once reached 60 MB under a loaded machine.)
 */
export function logBound(sqlite: BetterSqlite3.Database, path: string, checkpointer: Pick<Checkpointer, 'betweenRounds'>): () => void {
  const walPath = `${path}-wal`;
  const restart = sqlite.prepare('PRAGMA wal_checkpoint(RESTART)');
  // On the monotonic clock: a wall clock set back (an NTP step, a resumed virtual machine) would
  // otherwise keep the bound off for as long as it went back.
  let retryAt = 0;
  return () => {
    if ((statSync(walPath, { throwIfNoEntry: false })?.size ?? 0) <= RESTART_AT_BYTES) return;
    if (performance.now() < retryAt) return;
    // A round that goes on holds the checkpoint's lock: the next write waits for it again.
    const busy = checkpointer.betweenRounds(ROUND_WAIT_MS, () => {
      // Not prepared once: SQLite applies busy_timeout as the pragma is prepared, not as it runs.
      sqlite.pragma('busy_timeout = 0');
      try {
        return (restart.get() as { busy: number }).busy;
      } finally {
        sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
    });
    if (busy) retryAt = performance.now() + RESTART_RETRY_MS;
  };
}
