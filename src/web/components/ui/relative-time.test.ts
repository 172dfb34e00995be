import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.tsx';

const now = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [0, 'now'],
    [30, '30 seconds ago'],
    [60, '1 minute ago'],
    [45 * 60, '45 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [26 * 3600, 'yesterday'],
    [5 * 86_400, '5 days ago'],
    [15 * 86_400, '2 weeks ago'],
    [70 * 86_400, '2 months ago'],
    [800 * 86_400, '2 years ago'],
  ])('%i seconds → %s', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(text);
  });

  it('reads a time slightly ahead of the clock as now, and an unreadable one as nothing', () => {
    expect(formatRelativeTime(ago(-5), now)).toBe('now');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
