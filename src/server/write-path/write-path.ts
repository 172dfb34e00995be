import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { executeDirect } from '../db/direct-sqlite.ts';
import { isPostgres } from '../db/engine.ts';
import { holdForBatch } from '../db/held-until-commit.ts';
import type { DB } from '../db/schema.ts';
import type { DomainEvent } from './events.ts';

/**
 * The one way to write (docs/decisions/0007-one-write-path.md).
 *
 * Every write runs as `writePath.run(async (w) => …)`: the work writes through `w.trx` and
 * records what it did as domain events (`w.record(…)`). What must change with the write is
 * done by the reactions, not by the work: those with `inTransaction` read the events inside
 * the same transaction, after the work (a failure there rolls the whole write back); those
 * with `afterCommit` read them once it is committed, before the caller gets its answer (a
 * failure there is logged and never turns an acknowledged write into an error). Reactions are
 * given once, when the write path is made (write-path/reactions.ts lists them), so a new write
 * cannot forget one.
 *
 * On SQLite, writes that arrive together share one transaction, each in its own savepoint
 * (group commit): one COMMIT instead of one per request, while a write that fails is rolled
 * back alone and every caller still answers only after the COMMIT that made its write durable.
 * On PostgreSQL (many connections, a group commit of its own) each write is a plain
 * transaction, run again when the database ends it to break a deadlock (PG_RETRYABLE): the work
 * writes only through `w.trx`, and calls anything outside the database before `run`, never in
 * it. Never call `run` from inside a `run`.
 */

export interface WriteContext {
  /** The write's transaction (a savepoint of the batch's, on SQLite). */
  readonly trx: Transaction<DB>;
  /** Records what the write did, for the reactions. */
  record(event: DomainEvent): void;
}

export interface Reaction {
  readonly name: string;
  /**
   * Inside the write's transaction, after its work: a failure rolls the write back. What it
   * does in turn may be recorded as further events (a notification written, say): the
   * reactions after it, and every after-commit reaction, see them.
   */
  inTransaction?(trx: Transaction<DB>, events: readonly DomainEvent[], record: (event: DomainEvent) => void): Promise<void>;
  /** After the commit, before the caller is answered: a failure is logged, the write stands. */
  afterCommit?(events: readonly DomainEvent[]): Promise<void> | void;
}

export interface WritePath {
  /** The database, for reads made before a write decides. */
  readonly db: Kysely<DB>;
  run<T>(work: (w: WriteContext) => Promise<T>): Promise<T>;
}

export interface WritePathOptions {
  reactions: readonly Reaction[];
  /** Where failures after a commit go (they are never the caller's). */
  onReactionError(reaction: string, error: unknown): void;
  /** Group commit (SQLite's one writer); by default on SQLite and off on PostgreSQL. */
  groupCommit?: boolean;
}

type Outcome<T> = { value: T; events: DomainEvent[] };

/** The work, then the in-transaction reactions on what it recorded, in one transaction. */
async function runWork<T>(
  trx: Transaction<DB>,
  work: (w: WriteContext) => Promise<T>,
  reactions: readonly Reaction[],
): Promise<Outcome<T>> {
  const events: DomainEvent[] = [];
  const record = (event: DomainEvent) => void events.push(event);
  const value = await work({ trx, record });
  if (events.length > 0) {
    for (const reaction of reactions) await reaction.inTransaction?.(trx, events, record);
  }
  return { value, events };
}

export function createWritePath(db: Kysely<DB>, options: WritePathOptions): WritePath {
  const inTransaction = options.reactions.filter((r) => r.inTransaction);
  const afterCommit = options.reactions.filter((r) => r.afterCommit);

  const followCommit = async (events: DomainEvent[]): Promise<void> => {
    for (const reaction of afterCommit) {
      try {
        await reaction.afterCommit!(events);
      } catch (error) {
        options.onReactionError(reaction.name, error);
      }
    }
  };

  if (options.groupCommit ?? !isPostgres(db)) {
    const group = new GroupCommit(db, followCommit);
    return { db, run: (work) => group.run((trx) => runWork(trx, work, inTransaction)) };
  }
  return {
    db,
    async run(work) {
      const { value, events } = await retriedOnConflict(() => db.transaction().execute((trx) => runWork(trx, work, inTransaction)));
      await followCommit(events);
      return value;
    },
  };
}

/**
 * PostgreSQL ends one of two transactions that wait on each other's rows (40P01, a deadlock:
 * say a member's comment and an admin removing that member's comments, each holding a row the
 * other needs next), or one it cannot serialise (40001). Nothing of it was kept, and the work
 * only writes through its transaction, so it runs again from the start, with fresh events; a
 * third failure is the caller's.
 */
const PG_RETRYABLE = new Set<unknown>(['40P01', '40001']);
const PG_ATTEMPTS = 3;

async function retriedOnConflict<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= PG_ATTEMPTS || !PG_RETRYABLE.has((error as { code?: unknown }).code)) throw error;
      // Apart, so that the two that met do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 20)));
    }
  }
}

interface Job {
  work(trx: Transaction<DB>): Promise<Outcome<unknown>>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Settled = { ok: true; outcome: Outcome<unknown> } | { ok: false; error: unknown };

/**
 * Each write's savepoint, run on the SQLite connection itself (db/direct-sqlite.ts): the job
 * runs in the batch's transaction, as the connection does. Kysely's savepoint objects cost a
 * write 27 µs against 7 for the statements alone.
 */
const SAVEPOINT = CompiledQuery.raw('savepoint job');
const ROLLBACK_TO_SAVEPOINT = CompiledQuery.raw('rollback to savepoint job');
const RELEASE_SAVEPOINT = CompiledQuery.raw('release savepoint job');

/** Enough to amortise the commit, few enough that the batch's own latency stays small. */
export const MAX_BATCH = 32;

/** At most this many turns of the event loop more for writes still coming in (GroupCommit.gather). */
const GATHER_TURNS = 4;

/**
 * SQLite has one writer and one connection here, so write transactions run one after another
 * anyway; what each pays on its own is the COMMIT (its pages to the log, and a sync). So the
 * writes of the requests received in the same turn of the event loop are queued and run in
 * one transaction, each inside its own SAVEPOINT, and each sees the ones before it as if they
 * had run one at a time.
 */
class GroupCommit {
  private readonly queue: Job[] = [];
  private running = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly afterCommit: (events: DomainEvent[]) => Promise<void>,
  ) {}

  run<T>(work: (trx: Transaction<DB>) => Promise<Outcome<T>>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        // The SQLite driver answers synchronously, so a transaction started right away would
        // finish before any other request is even read. Starting it once the requests already
        // received in this turn of the event loop have queued their writes lets them share it;
        // and while each turn brings more, a few more turns (gather).
        setImmediate(this.gather, 0, GATHER_TURNS);
      }
    });
  }

  /**
   * Starts the batch once a turn of the event loop has queued no write, or after `turns` more.
   * Clients answered by one batch send their next requests over the following millisecond or
   * so, not all in one turn: a batch begun at the first turn took half of them (11 writes on
   * average with the bench's 20 connections) and the rest paid a COMMIT and a sync of their
   * own. Waiting while they come made batches of 18–19 (performance log, 2026-12-03). A write
   * alone waits one turn more than it did.
   */
  private readonly gather = (seen: number, turns: number): void => {
    if (turns > 0 && this.queue.length > seen) setImmediate(this.gather, this.queue.length, turns - 1);
    else void this.drain();
  };

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.runBatch();
    } finally {
      this.running = false;
    }
  }

  /** One transaction for the queued writes, including those that arrive while it runs. */
  private async runBatch(): Promise<void> {
    const settled: Array<[Job, Settled]> = [];
    let current: Job | undefined;
    let failure: { error: unknown } | null = null;
    try {
      const trx = await this.db.startTransaction().execute();
      // Writes to SQLite's full-text index wait for the batch's end (db/held-until-commit.ts).
      const { held, close } = holdForBatch(this.db);
      try {
        while (this.queue.length > 0 && settled.length < MAX_BATCH) {
          current = this.queue.shift()!;
          await executeDirect(trx, SAVEPOINT);
          let result: Settled;
          try {
            result = { ok: true, outcome: await current.work(trx) };
          } catch (error) {
            await executeDirect(trx, ROLLBACK_TO_SAVEPOINT);
            result = { ok: false, error };
          }
          held.endWrite(result.ok);
          await executeDirect(trx, RELEASE_SAVEPOINT);
          settled.push([current, result]);
          current = undefined;
        }
        await held.run(trx);
        await trx.commit().execute();
      } catch (error) {
        await trx
          .rollback()
          .execute()
          .catch(() => {});
        throw error;
      } finally {
        close();
      }
    } catch (error) {
      failure = { error };
    }
    if (failure) {
      for (const [job] of settled) job.reject(failure.error);
      current?.reject(failure.error);
      // The transaction could not even begin: refuse what is waiting rather than retry forever.
      if (settled.length === 0 && !current) this.queue.splice(0).forEach((job) => job.reject(failure.error));
      return;
    }
    const events = settled.flatMap(([, result]) => (result.ok ? result.outcome.events : []));
    // Callers are answered once what follows the commit is done (a kept read is never older
    // than a write its writer was told about); the next batch need not wait for it.
    void this.afterCommit(events).then(() => {
      for (const [job, result] of settled) {
        if (result.ok) job.resolve(result.outcome.value);
        else job.reject(result.error);
      }
    });
  }
}
