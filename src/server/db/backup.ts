import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
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
 * The name a copy is written under until it is whole: the backup's, then this process's and this
 * host's (`<backup>.<pid>@<host>.partial`). Two backups at once never share one, and what a
 * backup killed midway left (kill -9, a crash, a reboot) says whose it was.
 */
function partialPath(destination: string): string {
  return `${destination}.${process.pid}@${os.hostname()}.partial`;
}

function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Removes from `folder` what backups on this host left when killed before their copy was whole,
 * and answers the names removed. A copy still being written (its process runs) is left alone,
 * and so is one from another host sharing the folder, whose processes cannot be asked.
 */
function removeLeftoverPartials(folder: string): string[] {
  const host = os.hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const ours = new RegExp(`\\.(\\d+)@${host}\\.partial(-journal)?$`);
  const removed: string[] = [];
  for (const name of readdirSync(folder)) {
    const pid = ours.exec(name)?.[1];
    if (pid === undefined || !processIsGone(Number(pid))) continue;
    rmSync(path.join(folder, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * A consistent copy of a live SQLite forum, taken without stopping it: VACUUM INTO reads one
 * snapshot (a read transaction, which never blocks the server's writes in WAL mode) and writes
 * a compact database file that opens on its own. PostgreSQL has pg_dump for this. Answers the
 * files removed that earlier backups, killed midway, had left in the destination's folder.
 */
export async function backupSqlite(db: Kysely<DB>, destination: string): Promise<{ removedPartials: string[] }> {
  if (isPostgres(db)) throw new Error('This forum runs on PostgreSQL: back it up with pg_dump.');
  const folder = path.dirname(destination);
  mkdirSync(folder, { recursive: true });
  const removedPartials = removeLeftoverPartials(folder);
  // Written under a temporary name and renamed once whole: a copy cut short (a kill, a full
  // disk) never lies under the backup's name looking like a good one.
  const partial = partialPath(destination);
  try {
    // Readable by its owner alone (the copy holds password hashes and sessions): VACUUM INTO
    // writes into an empty file that is there, keeping its mode, as SQLite's journal takes it.
    closeSync(openSync(partial, 'wx', 0o600));
    await sql`vacuum into ${partial}`.execute(db);
    // On disk before it takes the backup's name, and the name on disk after: a power cut
    // leaves either no backup under that name or a whole one.
    syncPath(partial);
    renameSync(partial, destination);
    syncPath(folder);
  } catch (error) {
    rmSync(partial, { force: true });
    rmSync(`${partial}-journal`, { force: true });
    throw error;
  }
  return { removedPartials };
}
