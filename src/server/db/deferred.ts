import { CompiledQuery } from 'kysely';
import { runDirect } from './direct-sqlite.ts';
import { isPostgres } from './engine.ts';
import type { Db } from './schema.ts';

/**
 * Writes inside a transaction whose answer nobody reads (a counter moved, a row inserted whose
 * id is already known) need not cost a round trip of their own. On PostgreSQL such a statement
 * is held back and sent with the next statement of the same transaction, or with its COMMIT,
 * in one message (db/pg-pool.ts): the statements still run in the order they were issued, and
 * a failure of the held one fails the statement it travels with, so the transaction fails and
 * rolls back as it would have. SQLite runs it at once (a round trip costs nothing there).
 *
 * The mark is a comment at the start of the SQL, so it survives every layer down to the pool.
 */
export const DEFERRABLE_MARK = '/* deferrable */ ';

/** The statement, marked to travel with the next one of its transaction on PostgreSQL. */
export function deferrable<O>(db: Db, statement: CompiledQuery<O>): CompiledQuery<O> {
  if (!isPostgres(db) || statement.sql.startsWith(DEFERRABLE_MARK)) return statement;
  return CompiledQuery.raw(DEFERRABLE_MARK + statement.sql, [...statement.parameters]) as CompiledQuery<O>;
}

/** Runs a write whose answer is not read (see above); its failure may surface at the next statement. */
export async function runDeferrable(db: Db, statement: CompiledQuery): Promise<void> {
  if (!isPostgres(db) && runDirect(db, statement.sql, statement.parameters)) return;
  await db.executeQuery(deferrable(db, statement));
}
