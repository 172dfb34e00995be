import { CompiledQuery } from 'kysely';
import { runDeferrable } from './deferred.ts';
import { isPostgres } from './engine.ts';
import type { Db } from './schema.ts';

/**
 * Runs write statements that need not see one another's effects as one: on PostgreSQL a single
 * statement of data-modifying WITH clauses (one round trip to the server instead of one each;
 * they all see the database as it was before it, and none may touch a row another touches), on
 * SQLite one after another, in the order given (in process a round trip costs nothing). The
 * statements are bound already (PreparedQuery.bind), with $n parameters on PostgreSQL. Nothing
 * is read from them, so inside a transaction they travel with its next statement (db/deferred.ts).
 */
export async function runCombined(db: Db, statements: readonly CompiledQuery[]): Promise<void> {
  if (!isPostgres(db) || statements.length <= 1) {
    for (const statement of statements) await runDeferrable(db, statement);
    return;
  }
  const clauses: string[] = [];
  const parameters: unknown[] = [];
  for (const [i, statement] of statements.entries()) {
    const offset = parameters.length;
    clauses.push(`w${i} as (${statement.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`);
    parameters.push(...statement.parameters);
  }
  await runDeferrable(db, CompiledQuery.raw(`with ${clauses.join(', ')} select 1`, parameters));
}
