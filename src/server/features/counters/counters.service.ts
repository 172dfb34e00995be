import type { SiteTotals } from '#shared/schemas/admin.ts';
import type { Db } from '../../db/schema.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { hasStaleWeeks, leaderboardWindow, recountStaleWeeks } from './activity.queries.ts';
import { readCounter, type CounterName } from './counters.queries.ts';

export { leaderboardWindow, type CounterName };

/** A site total, as stored (never counted per request). */
export const siteTotal = (db: Db, name: CounterName): Promise<number> => readCounter(db, name);

export async function siteTotals(db: Db): Promise<SiteTotals> {
  const [posts, comments, users] = await Promise.all([siteTotal(db, 'posts'), siteTotal(db, 'comments'), siteTotal(db, 'users')]);
  return { posts, comments, users };
}

/** The day each forum (by its write path) was last found rolled up to by this process. */
const rolledUpTo = new WeakMap<WritePath, string>();
/** How long after midnight a write begun the day before may still commit yesterday's week. */
const DAY_SETTLES_MS = 60_000;

/**
 * Brings every member's weekly sums up to today: once, on the first read of a new day (an
 * index probe otherwise, and nothing at all once this process has found the day rolled and
 * settled). The recount is a write like any other, so it takes the write path.
 */
export async function rollActivityWeeks(writes: WritePath, window: { since: string; today: string }, now = Date.now()): Promise<void> {
  if (rolledUpTo.get(writes) === window.today) return;
  if (await hasStaleWeeks(writes.db, window)) {
    await writes.run(async (w) => {
      await recountStaleWeeks(w.trx, window);
      w.record({ type: 'activity.rolled', day: window.today });
    });
  }
  // Every write from now on books its week on today (or a later day), so the day stays rolled.
  if (now - Date.parse(`${window.today}T00:00:00.000Z`) >= DAY_SETTLES_MS) rolledUpTo.set(writes, window.today);
}
