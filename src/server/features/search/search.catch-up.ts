import { setTimeout as sleep } from 'node:timers/promises';
import type { WritePath } from '../../write-path/write-path.ts';
import { countOutdated, oldestOutdatedVersion, outdatedDocumentIds } from './search.queries.ts';

/**
 * The search index brought up to the current terms' rule (SEARCH_TERMS_VERSION) after an
 * upgrade that changed it, in the background (docs/decisions/0022-search-terms-versioned.md).
 *
 * Each batch is one write of the write path: it finds the next documents of an older version
 * and records them (`search.outdated`); the index's reaction makes them again from their rows,
 * in the same transaction. So the members' writes take turns with the batches, an edit made
 * meanwhile is never undone (SQLite runs one write at a time; on PostgreSQL the batch holds
 * its documents and an edit of one waits for it, then writes its own terms), and a document
 * another instance's batch holds is left to that instance.
 */

/** Documents per write: a short turn of the writer (a rebuild's batch is the same size). */
export const CATCH_UP_BATCH = 500;

/**
 * The waits before a failed batch is tried again (the database gone for a moment: a restart, a
 * failover); after the last, the catch-up stops until the next start.
 */
export const CATCH_UP_RETRY_DELAYS_MS = [1_000, 5_000, 15_000, 60_000, 60_000];

export interface CatchUpOptions {
  writePath: WritePath;
  log: { info(message: string): void; warn(message: string): void };
  /** Aborted at shutdown: the batch under way ends, and no other begins. */
  signal?: AbortSignal;
  batchSize?: number;
  retryDelaysMs?: readonly number[];
}

export interface CatchUpResult {
  /** Documents made again (or removed, their post or comment being gone). */
  updated: number;
  batches: number;
  /** Stopped by the signal before every document was current. */
  stopped: boolean;
}

/** Resolves after `ms`, or at once when the signal is aborted. */
const pause = (ms: number, signal?: AbortSignal) => sleep(ms, undefined, { signal }).catch(() => {});

export async function catchUpSearchIndex({
  writePath,
  log,
  signal,
  batchSize = CATCH_UP_BATCH,
  retryDelaysMs = CATCH_UP_RETRY_DELAYS_MS,
}: CatchUpOptions): Promise<CatchUpResult> {
  const result: CatchUpResult = { updated: 0, batches: 0, stopped: false };
  const { db } = writePath;
  let version = await oldestOutdatedVersion(db);
  if (version === null) return result;
  const outdated = await countOutdated(db);
  log.info(`search index: ${outdated} documents made with an older rule; updating them in the background`);
  const started = Date.now();
  let after = 0;
  let foundInPass = false;
  let failures = 0;
  while (version !== null) {
    if (signal?.aborted) {
      result.stopped = true;
      break;
    }
    const batchStarted = performance.now();
    const [of, from] = [version, after];
    let ids: number[];
    try {
      ids = await writePath.run(async (w) => {
        const found = await outdatedDocumentIds(w.trx, of, from, batchSize);
        if (found.length > 0) w.record({ type: 'search.outdated', documentIds: found });
        return found;
      });
      failures = 0;
    } catch (error) {
      // The batch wrote nothing (its write rolled back): the same documents are tried again.
      const delay = retryDelaysMs[failures];
      if (delay === undefined) throw error;
      failures += 1;
      log.warn(
        `search index: a batch failed (${error instanceof Error ? error.message : String(error)}); trying again in ${delay / 1000} s`,
      );
      await pause(delay, signal);
      continue;
    }
    if (ids.length > 0) {
      result.updated += ids.length;
      result.batches += 1;
      after = ids.at(-1)!;
      foundInPass = true;
      // As long again as the batch took: the writer is the members' at least half the time.
      await pause(performance.now() - batchStarted, signal);
      continue;
    }
    // The end of this version's documents. Those another write held (another instance's batch,
    // a member's edit) were passed over: look again from the oldest version. A pass that found
    // nothing but those leaves them to their holder and goes on with the next version, so a
    // look again makes at least one document current, or moves on to a newer version.
    version = await oldestOutdatedVersion(db, foundInPass ? undefined : version);
    after = 0;
    foundInPass = false;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log.info(
    result.stopped
      ? `search index: stopped at shutdown after updating ${result.updated} of ${outdated} documents; the rest are updated at the next start`
      : `search index: updated ${result.updated} documents made with an older rule in ${seconds} s`,
  );
  return result;
}
