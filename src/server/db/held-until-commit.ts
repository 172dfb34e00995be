import type { CompiledQuery } from 'kysely';
import { executeDirect } from './direct-sqlite.ts';
import type { Db } from './schema.ts';

/**
 * Writes to SQLite's full-text index, held until the end of the group-committed batch they
 * belong to and run there, in order, just before its COMMIT (docs/decisions/0018).
 *
 * FTS5 writes the terms it holds in memory to disk at every SAVEPOINT, and each write of a batch
 * runs in one (write-path.ts): a batch of 20 comments made 20 one-document segments, then merged
 * them. Held to the batch's end, the 20 documents make one segment: 0.9 ms of a batch's CPU
 * instead of 2.4, and 26 pages to the log instead of 59. Only writes to the index are held,
 * never a read, and nothing in a write reads the index, so every statement still sees what it
 * saw before; the index still changes in the same transaction as the write (API.md "Search").
 *
 * A write's statements join the batch's when it succeeds and are dropped when it is rolled back,
 * as its savepoint drops its other rows. Outside a batch (PostgreSQL, whose index is a column,
 * or a plain transaction) nothing is held.
 */
export class HeldStatements {
  private batch: CompiledQuery[] = [];
  private write: CompiledQuery[] = [];
  private rebuilt = false;

  hold(statement: CompiledQuery): void {
    this.write.push(statement);
  }

  /** The current write rebuilds the index from the tables: what the batch held is superseded. */
  supersede(): void {
    this.write = [];
    this.rebuilt = true;
  }

  /** The current write is done: its statements join the batch's if it succeeded. */
  endWrite(succeeded: boolean): void {
    if (succeeded) {
      if (this.rebuilt) this.batch = [];
      this.batch.push(...this.write);
    }
    this.write = [];
    this.rebuilt = false;
  }

  /** Runs what the batch held, in order, in its transaction. */
  async run(trx: Db): Promise<void> {
    const statements = this.batch;
    this.batch = [];
    for (const statement of statements) await executeDirect(trx, statement);
  }
}

// Keyed by the Kysely instance's adapter, which its transactions and savepoints share.
const open = new WeakMap<object, HeldStatements>();

/** Holds the writes of a batch until `run`; `close` once the batch has committed or failed. */
export function holdForBatch(db: Db): { held: HeldStatements; close(): void } {
  const adapter = db.getExecutor().adapter;
  const held = new HeldStatements();
  open.set(adapter, held);
  return { held, close: () => void (open.get(adapter) === held && open.delete(adapter)) };
}

/** Holds a write to the index until its batch commits; false when there is no batch (run it now). */
export function holdUntilCommit(db: Db, statement: CompiledQuery): boolean {
  const held = open.get(db.getExecutor().adapter);
  if (!held) return false;
  held.hold(statement);
  return true;
}

/** The index is being rebuilt inside this write: the batch's held writes to it are superseded. */
export function supersedeHeld(db: Db): void {
  open.get(db.getExecutor().adapter)?.supersede();
}
