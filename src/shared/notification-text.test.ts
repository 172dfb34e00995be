import { describe, expect, it } from 'vitest';
import { notificationSummary } from './notification-text.ts';

describe('notificationSummary', () => {
  it('says what happened for each type, on one line', () => {
    const of = (type: 'comment' | 'reply' | 'announcement' | 'membership') =>
      notificationSummary({ type, actorName: 'Ada\nL', title: 'Flaky\r\ntests' });
    expect(of('comment')).toBe('Ada L commented on your post “Flaky tests”');
    expect(of('reply')).toBe('Ada L also commented on “Flaky tests”');
    expect(of('announcement')).toBe('Ada L announced “Flaky tests”');
    expect(of('membership')).toBe('Flaky tests');
  });
});
