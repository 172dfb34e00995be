import { sql, type RawBuilder } from 'kysely';
import { isPostgres } from './engine.ts';
import type { Db } from './schema.ts';

/**
 * Which of `shards` rows a write moves, when a count is spread over several rows so that
 * concurrent writes do not queue for one row's lock (features/counters).
 *
 * On PostgreSQL it is the connection's own row: the backend's process id modulo `shards`. A
 * row picked at random was shared by two of a pool's ten open transactions more often than not,
 * and the second then waited for the first one's COMMIT. A pool's connections are started
 * together and have nearby process ids, so each gets a row of its own. SQLite runs one writer at
 * a time, so one row is enough there.
 */
export const connectionShard = (db: Db, shards: number): RawBuilder<number> =>
  isPostgres(db) ? sql<number>`pg_backend_pid() % ${sql.lit(shards)}` : sql<number>`0`;
