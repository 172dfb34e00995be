import type { SelectQueryBuilder } from 'kysely';
import { isPostgres } from './engine.ts';
import type { Db } from './schema.ts';

/**
 * A read that holds the rows it returns until the transaction ends, so that writes deciding
 * on the same row (two votes by one member, two posts against one limit, two removals of one
 * post) run one after the other and each sees what the one before left. PostgreSQL takes the
 * row lock: `update` for a row about to be removed or decided on, `no key update` for a row
 * whose counts are about to move (the lock the UPDATE would take anyway, taken at the read; it
 * lets other rows keep referring to it meanwhile), `key share` for a row that must not be
 * removed before the transaction ends (every other change to it goes on). SQLite runs one
 * writer at a time already and has no such clause, so there the read is left as it is.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lockingRead<QB extends SelectQueryBuilder<any, any, any>>(
  db: Db,
  query: QB,
  table: string,
  mode: 'update' | 'no key update' | 'key share' = 'update',
): QB {
  if (!isPostgres(db)) return query;
  if (mode === 'key share') return query.forKeyShare(table as never) as QB;
  return (mode === 'update' ? query.forUpdate(table as never) : query.forNoKeyUpdate(table as never)) as QB;
}
