// An edit of a post or comment names the version it was made from by that version's editedAt
// (API.md "Editing, with history"). editedAt already travels with every post and comment a
// client reads, so an editor has it without another call and an older client keeps working;
// a revision number would be a new column and a new field on every list for the same answer.
// For that, each edit's time is strictly later than the one before (editTime), so no two
// versions of one post or comment share an editedAt, even two edits within one millisecond.
import { nowIso } from './ids.ts';

/**
 * Whether an edit that started from `base` (the editedAt the editor loaded; null: never edited;
 * undefined: not said, no check) is behind the `current` version. Instants are compared, so
 * another spelling of the same time is not a conflict.
 */
export function isBehind(base: string | null | undefined, current: string | null): boolean {
  if (base === undefined) return false;
  if (base === null || current === null) return base !== current;
  return Date.parse(base) !== Date.parse(current);
}

/** The time of an edit made now to a version edited at `previous`: now, but always after it. */
export function editTime(previous: string | null): string {
  const now = nowIso();
  if (previous === null) return now;
  const after = Date.parse(previous) + 1;
  return Date.parse(now) >= after ? now : new Date(after).toISOString();
}
