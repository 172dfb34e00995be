import { sql, type Kysely } from 'kysely';
import { isPostgres } from './engine.ts';
import type { DB } from './schema.ts';

/**
 * Why an acknowledged write might not survive a power cut on this database, or null. SQLite is
 * opened with synchronous=FULL (create-db.ts); PostgreSQL must keep synchronous_commit on
 * (its default) or at least `local`, which a server or database setting can turn off.
 */
export async function durabilityWarning(db: Kysely<DB>): Promise<string | null> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db);
    const setting = rows[0]?.synchronous_commit;
    // `local` (and the replica levels) still wait for this server's own disk: only `off` does not.
    return setting === 'off'
      ? `PostgreSQL runs with synchronous_commit = ${setting}: a write the forum acknowledged can be lost in a crash of the database server. Turn it on.`
      : null;
  }
  const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
  return rows[0]?.synchronous === 2 ? null : 'SQLite is not syncing every commit (synchronous is not FULL).';
}
