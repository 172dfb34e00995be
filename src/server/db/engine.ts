import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema.ts';

/** Whether this connection (or transaction) runs on PostgreSQL rather than SQLite. */
export const isPostgres = (db: Kysely<DB> | Transaction<DB>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
