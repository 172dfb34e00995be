import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './engine.ts';
import type { DB } from './schema.ts';

/** Where a backup goes by default: the data dir's backups folder, named by its time (UTC). */
export function defaultBackupPath(dataDir: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.join(dataDir, 'backups', `code-commons-${stamp}.sqlite`);
}

/** Flushes a file, or a folder's entries, to the disk. */
function syncPath(target: string): void {
  const fd = openSync(target, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * A consistent copy of a live SQLite forum, taken without stopping it: VACUUM INTO reads one
 * snapshot (a read transaction, which never blocks the server's writes in WAL mode) and writes
 * a compact database file that opens on its own. PostgreSQL has pg_dump for this.
 */
export async function backupSqlite(db: Kysely<DB>, destination: string): Promise<void> {
  if (isPostgres(db)) throw new Error('This forum runs on PostgreSQL: back it up with pg_dump.');
  mkdirSync(path.dirname(destination), { recursive: true });
  // Written under a temporary name and renamed once whole: a copy cut short (a kill, a full
  // disk) never lies under the backup's name looking like a good one.
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  rmSync(`${partial}-journal`, { force: true });
  try {
    await sql`vacuum into ${partial}`.execute(db);
    // On disk before it takes the backup's name, and the name on disk after: a power cut
    // leaves either no backup under that name or a whole one.
    syncPath(partial);
    renameSync(partial, destination);
    syncPath(path.dirname(destination));
  } catch (error) {
    rmSync(partial, { force: true });
    rmSync(`${partial}-journal`, { force: true });
    throw error;
  }
}
