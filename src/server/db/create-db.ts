import type BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, type Driver, Kysely, PostgresDialect, sql, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { createRequire } from 'node:module';
import type PgModule from 'pg';
import {
  BUSY_TIMEOUT_MS,
  FALLBACK_AUTOCHECKPOINT_PAGES,
  logBound,
  startCheckpointer,
  WAL_SIZE_LIMIT_BYTES,
  type Checkpointer,
} from './checkpointer.ts';
import { ConfigError } from '../config/env.ts';
import { registerDirectSqlite } from './direct-sqlite.ts';
import { withInlinedLimits } from './inline-limits.ts';
import { isPostgres } from './engine.ts';
import { registerLowerCase } from './lower-case.ts';
import type { DB } from './schema.ts';
import { pipeliningPool } from './pg-pool.ts';
import { loadSqliteDriver } from './sqlite-driver.ts';

export interface Database {
  db: Kysely<DB>;
  /** Settles once background work the database started (SQLite checkpoints) is running. */
  ready: Promise<void>;
  /** To be told after each committed batch of writes (SQLite's checkpoints follow it). */
  committed(): void;
  close(): Promise<void>;
}

// The PostgreSQL driver is loaded only when a postgres:// URL is configured, so a SQLite
// server does not carry it in memory.
let pgModule: typeof PgModule | null = null;
function loadPg(): typeof PgModule {
  if (!pgModule) {
    pgModule = createRequire(import.meta.url)('pg') as typeof PgModule;
    // pg returns COUNT/BIGINT as strings; our counts fit in a JS number.
    pgModule.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  }
  return pgModule;
}

export interface DbOptions {
  databaseUrl: string | null;
  sqlitePath: string;
  poolSize?: number;
  /**
   * SQLite: copy the write-ahead log into the file from a worker thread (checkpointer.ts)
   * instead of inside the COMMITs on this thread. For the long-running server.
   */
  backgroundCheckpoints?: boolean;
  onCheckpointError?: (message: string) => void;
}

/** How long a request waits for a connection to PostgreSQL, new or from the pool. */
const CONNECTION_TIMEOUT_MS = 5000;

export function createDb(options: DbOptions): Database {
  if (options.databaseUrl) {
    const pg = loadPg();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A database that does not answer (a host down, a network dropping packets) fails the
      // request in a few seconds rather than holding it until TCP gives up, minutes later.
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool discards that client and the next query opens a fresh one.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pipeliningPool(pool, pg) }) });
    return { db, ready: Promise.resolve(), committed: () => {}, close: () => db.destroy() };
  }
  const sqlite = openSqlite(options.sqlitePath);
  // An acknowledged write survives a power cut, not only a killed process: the log is synced
  // at every COMMIT (group commit makes that one sync per batch of writes).
  sqlite.pragma('synchronous = FULL');
  // Once a checkpoint has copied the whole log, the next write starts it again from its
  // beginning; the file is then cut back to this size, so a burst does not leave a large log
  // behind for good.
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // 8 MiB of pages (SQLite's default is 2 MiB): the indexes and newest rows that every page
  // view reads stay in the process instead of being read from the OS on each request. Writes
  // fill the cache to the top, so its size is part of the server's memory under load: 16 MiB
  // held 9 MiB more at the peak and served no read or write faster, at 1,000 or 100,000 posts.
  sqlite.pragma('cache_size = -8000');
  registerLowerCase(sqlite);
  let checkpointer: Checkpointer | null = null;
  let beforeWrite = (): void => {};
  if (options.backgroundCheckpoints) {
    sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    checkpointer = startCheckpointer(options.sqlitePath, options.onCheckpointError ?? (() => {}));
    beforeWrite = logBound(sqlite, options.sqlitePath, checkpointer);
  } else {
    // Without the worker SQLite copies its log inside the COMMIT that grows it past this many
    // pages, and every request waits meanwhile; half the default (1,000) keeps each pause short.
    sqlite.pragma('wal_autocheckpoint = 500');
  }
  const cached = withStatementCache(sqlite);
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: cached }, beforeWrite) });
  registerDirectSqlite(db, {
    prepare: (text) => cached.prepare(text),
    get inTransaction() {
      return sqlite.inTransaction;
    },
  });
  return {
    db,
    ready: checkpointer?.started ?? Promise.resolve(),
    committed: () => checkpointer?.committed(),
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/**
 * The file, in WAL mode (the first statement that reads it). The driver's errors name neither
 * the file nor what to do ("unable to open database file", "file is not a database"); a start
 * refused on a read-only DATA_DIR or on a file that is not the forum's says both. Nothing has
 * been written to the file then.
 */
function openSqlite(file: string): BetterSqlite3.Database {
  const Sqlite = loadSqliteDriver();
  let sqlite: BetterSqlite3.Database | null = null;
  try {
    sqlite = new Sqlite(file);
    sqlite.pragma('journal_mode = WAL');
    return sqlite;
  } catch (error) {
    sqlite?.close();
    const { code, message } = error as { code?: unknown; message?: unknown };
    const why =
      code === 'SQLITE_NOTADB'
        ? "it is not a SQLite database (is DATA_DIR the forum's data folder?)"
        : code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY'
          ? `${String(message)} (the file and its folder must be writable: SQLite keeps its -wal and -shm files beside it)`
          : String(message);
    // A sentence for whoever starts the server (main.ts prints it without a stack trace).
    throw new ConfigError(`Cannot open the forum's database ${file}: ${why}.`);
  }
}

/**
 * SQLite transactions take the write lock as they begin (BEGIN IMMEDIATE), not at their first
 * write. Another process writing the same file (`npm run admin`, `npm run reindex`) then makes
 * a transaction wait its turn (busy_timeout) instead of failing: a transaction that read first
 * and then found the lock taken would be refused at once (SQLITE_BUSY), its reads being older
 * than that writer's commit. The server has one connection, so it never waits on itself.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    /** Runs as each transaction is about to begin, outside any (the log's bound: checkpointer.ts). */
    private readonly beforeWrite: () => void,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      this.beforeWrite();
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

/**
 * For the serving connection, once migrations have run: SQLite's temporary tables (an `IN`
 * list, a `RETURNING` clause, a materialized subquery) are kept in memory instead of a temporary
 * file created and removed by each statement that needs one, which made such a statement
 * several times slower (170 µs instead of 22 µs for a comment's recipients). Not before the
 * migrations, nor in the tools: building an index over a large forum sorts more than belongs in
 * memory. No-op on PostgreSQL.
 */
export async function keepTempTablesInMemory(db: Kysely<DB>): Promise<void> {
  if (!isPostgres(db)) await sql`pragma temp_store = memory`.execute(db);
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs; parsing and planning the SQL again on each request
 * cost more than running it. The SQL text of a query is the same on every call (values are
 * bound parameters), so each distinct text is prepared once and its statement reused. Reuse
 * is safe: Kysely runs one query at a time on the single SQLite connection, and SQLite
 * re-prepares a statement by itself after a schema change.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  const prepareOne = (text: string): SqliteStatement => sqlite.prepare(text);
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        // A statement with `LIMIT ?` runs with its limit written in (db/inline-limits.ts).
        statement = withInlinedLimits(text, prepareOne) ?? prepareOne(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}
