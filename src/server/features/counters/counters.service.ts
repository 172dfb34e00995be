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

/**
 * Brings every member's weekly sums up to today: once, on the first read of a new day (an
 * index probe otherwise). The recount is a write like any other, so it takes the write path.
 */
export async function rollActivityWeeks(writes: WritePath, window: { since: string; today: string }): Promise<void> {
  if (!(await hasStaleWeeks(writes.db, window))) return;
  await writes.run(async (w) => {
    await recountStaleWeeks(w.trx, window);
    w.record({ type: 'activity.rolled', day: window.today });
  });
}
