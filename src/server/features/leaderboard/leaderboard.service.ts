import type { LeaderboardRow } from '#shared/schemas/leaderboard.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { rollActivityWeeks } from '../counters/counters.service.ts';
import { topOfTheWeek } from './leaderboard.queries.ts';

/** "Top Contributors This Week": the weekly sums brought up to today first (once a day). */
export async function topContributors(
  writes: WritePath,
  window: { since: string; today: string },
  size: number,
): Promise<LeaderboardRow[]> {
  await rollActivityWeeks(writes, window);
  return topOfTheWeek(writes.db, window.today, size);
}
