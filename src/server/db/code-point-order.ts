import { sql, type Expression, type RawBuilder } from 'kysely';
import { isPostgres } from './engine.ts';
import type { Db } from './schema.ts';

/**
 * Text to sort by, in the order of its characters (their code points), on either engine. SQLite
 * compares text so by default; PostgreSQL by the database's collation, which `createdb` takes
 * from the server's locale: under en_US or ICU's, "c-sharp" and "cobol" or "Bob" and "alice"
 * come the other way round, so a list sorted by name would differ between the engines.
 */
export function inCodePointOrder(db: Db, text: Expression<string>): RawBuilder<string> {
  return isPostgres(db) ? sql<string>`${text} collate "C"` : sql<string>`${text}`;
}
