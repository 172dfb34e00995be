import type BetterSqlite3 from 'better-sqlite3';
import { createRequire } from 'node:module';

/**
 * The one place that picks the SQLite driver (docs/decisions/0008-sqlite-driver-per-node-line.md).
 *
 * better-sqlite3 13 (installed as better-sqlite3-napi10) is built on Node-API 10 and ships its
 * binaries; it is the only one that does not abort on Node 24+. It crashes on Node 20, which
 * keeps better-sqlite3 12 (an optional dependency, compiled at install). Both have one API.
 */
export const SQLITE_DRIVER: string = Number(process.versions.napi ?? 0) >= 10 ? 'better-sqlite3-napi10' : 'better-sqlite3';

const require = createRequire(import.meta.url);

/** The driver's resolved entry file, for threads that load it themselves (checkpointer.ts). */
export function sqliteDriverPath(): string {
  try {
    return require.resolve(SQLITE_DRIVER);
  } catch {
    throw new Error(
      `The SQLite driver ${SQLITE_DRIVER} is not installed for Node ${process.version}; run npm install (or npm rebuild) with this Node.`,
    );
  }
}

/** The driver's Database class. */
export function loadSqliteDriver(): typeof BetterSqlite3 {
  return require(sqliteDriverPath()) as typeof BetterSqlite3;
}
