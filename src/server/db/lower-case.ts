import { sql, type Expression, type RawBuilder } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import { isPostgres } from './engine.ts';
import type { Db } from './schema.ts';

const SQLITE_LOWER = 'unicode_lower';

/**
 * SQLite's own lower() folds A–Z only ("Ólafur" stays "Ólafur"), while PostgreSQL's folds every
 * letter. On SQLite this function folds as JavaScript's toLowerCase does, so a name is found
 * whatever the case of its letters on both engines. Deterministic, so SQLite may use it freely;
 * no index or stored value depends on it, so the file stays readable by any SQLite.
 */
export function registerLowerCase(sqlite: BetterSqlite3.Database): void {
  sqlite.function(SQLITE_LOWER, { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text));
}

/** The text in lower case, every letter of it, on either engine. */
export function lowerCase(db: Db, text: Expression<string>): RawBuilder<string> {
  return isPostgres(db) ? sql<string>`lower(${text})` : sql<string>`${sql.raw(SQLITE_LOWER)}(${text})`;
}

/** Whether the text has letters SQLite's own lower() leaves as they are. */
export const beyondAscii = (text: string): boolean => /[\u0080-\uffff]/.test(text);
