import { CompiledQuery, type QueryResult, type SqliteStatement } from 'kysely';
import type { Db } from './schema.ts';

/** What the direct path needs of the SQLite connection: its statement cache and whether a transaction is open. */
export interface DirectSqlite {
  prepare(sql: string): SqliteStatement;
  readonly inTransaction: boolean;
}

// Keyed by the Kysely instance's adapter, which its transactions and savepoints share.
const connections = new WeakMap<object, DirectSqlite>();

/** Lets prepared queries on this database skip Kysely's layers (see runDirect). */
export function registerDirectSqlite(db: Db, connection: DirectSqlite): void {
  connections.set(db.getExecutor().adapter, connection);
}

/**
 * Runs a compiled statement on the SQLite connection itself, as Kysely's driver would, without
 * the connection provider, lock and promise chain Kysely puts around every query (ADR 0006 has
 * what that saved). Undefined when Kysely must run it instead: on PostgreSQL, or
 * outside a transaction while one is open on the connection (such a query waits for Kysely's
 * lock, so it never reads a write that is not committed).
 *
 * A query given a transaction runs at once: the server's one SQLite connection is that
 * transaction's, held by Kysely's lock until it ends. Outside any transaction, the statement
 * runs whole before anything else can begin one (the driver is synchronous).
 */
export function runDirect<O>(db: Db, sql: string, parameters: readonly unknown[]): QueryResult<O> | undefined {
  const connection = connections.get(db.getExecutor().adapter);
  if (!connection || (!db.isTransaction && connection.inTransaction)) return undefined;
  const statement = connection.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as O[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** A statement on the connection itself where runDirect can, else through Kysely (its query made only then). */
export async function queryDirect<O>(db: Db, sql: string, parameters: readonly unknown[]): Promise<QueryResult<O>> {
  return runDirect<O>(db, sql, parameters) ?? db.executeQuery<O>(CompiledQuery.raw(sql, [...parameters]) as CompiledQuery<O>);
}

/** A compiled statement whose answer is not read, as queryDirect runs it. */
export async function executeDirect(db: Db, query: CompiledQuery): Promise<void> {
  await queryDirect(db, query.sql, query.parameters);
}
