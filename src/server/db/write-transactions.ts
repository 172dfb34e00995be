import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/**
 * Transactions for the hot writes (comments, votes), with group commit on SQLite.
 *
 * SQLite has one writer and one connection here, so write transactions run one after another
 * anyway; what each one pays on its own is the COMMIT (writing its pages to the WAL, and every
 * so often a checkpoint). So the writes of the requests received in the same turn of the event
 * loop are queued and then run together in one transaction, each inside its own SAVEPOINT: a
 * write that fails is rolled back alone and answers its own error, the others commit together.
 * Every caller still gets its answer only after the COMMIT that made its write durable, and
 * each write sees the ones before it, as if they had run one at a time. On PostgreSQL (many
 * connections, its own group commit) this is a plain transaction.
 */

type Work<T> = (trx: Transaction<DB>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Enough to amortise the commit, few enough that the batch's own latency stays small. */
const MAX_BATCH = 32;

class GroupCommit {
  private readonly queue: Job[] = [];
  private running = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly onCommit: () => void,
  ) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work: work as Work<unknown>, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        // The SQLite driver answers synchronously, so a transaction started right away would
        // finish before any other request is even read. Starting it once the requests already
        // received in this turn of the event loop have queued their writes lets them share it.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.runBatch();
    } finally {
      this.running = false;
    }
  }

  /** One transaction for the queued writes, including those that arrive while it runs. */
  private async runBatch(): Promise<void> {
    const settled: Array<[Job, Outcome]> = [];
    let current: Job | undefined;
    let failure: { error: unknown } | null = null;
    try {
      const trx = await this.db.startTransaction().execute();
      try {
        while (this.queue.length > 0 && settled.length < MAX_BATCH) {
          current = this.queue.shift()!;
          const savepoint = await trx.savepoint('job').execute();
          let outcome: Outcome;
          try {
            outcome = { ok: true, value: await current.work(savepoint) };
          } catch (error) {
            await savepoint.rollbackToSavepoint('job').execute();
            outcome = { ok: false, error };
          }
          await savepoint.releaseSavepoint('job').execute();
          settled.push([current, outcome]);
          current = undefined;
        }
        await trx.commit().execute();
        this.onCommit();
      } catch (error) {
        await trx
          .rollback()
          .execute()
          .catch(() => {});
        throw error;
      }
    } catch (error) {
      failure = { error };
    }
    for (const [job, outcome] of settled) {
      if (!outcome.ok) job.reject(outcome.error);
      else if (failure) job.reject(failure.error);
      else job.resolve(outcome.value);
    }
    if (failure) {
      current?.reject(failure.error);
      // The transaction could not even begin: refuse what is waiting rather than retry forever.
      if (settled.length === 0 && !current) this.queue.splice(0).forEach((job) => job.reject(failure.error));
    }
  }
}

const groupCommits = new WeakMap<Kysely<DB>, GroupCommit>();

/** Makes this (SQLite) database run inWriteTransaction work with group commit. */
export function enableGroupCommit(db: Kysely<DB>, onCommit: () => void = () => {}): void {
  groupCommits.set(db, new GroupCommit(db, onCommit));
}

/** Runs the work in a transaction: its writes happen all together or not at all. */
export function inWriteTransaction<T>(db: Kysely<DB>, work: Work<T>): Promise<T> {
  const group = groupCommits.get(db);
  return group ? group.run(work) : db.transaction().execute(work);
}
