import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/**
 * Which engine a connection (or transaction) runs on: the one way to ask. Only db/ and the
 * search feature need to (see STYLE.md "Database: portable across SQLite and PostgreSQL").
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const engineOf = (db: Kysely<any> | Transaction<any>): Engine =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const isPostgres = (db: Kysely<any> | Transaction<any>): boolean => engineOf(db) === 'postgres';
