import { describe, expect, it } from 'vitest';
import { nextVote, voteCountsDelta } from './votes.ts';

describe('nextVote', () => {
  it('adds a vote, withdraws the same direction, switches the other', () => {
    expect(nextVote(null, 'up')).toBe('up');
    expect(nextVote(null, 'down')).toBe('down');
    expect(nextVote('up', 'up')).toBeNull();
    expect(nextVote('down', 'down')).toBeNull();
    expect(nextVote('up', 'down')).toBe('down');
    expect(nextVote('down', 'up')).toBe('up');
  });
});

describe('voteCountsDelta', () => {
  it.each([
    [null, 'up', { up: 1, down: 0 }],
    [null, 'down', { up: 0, down: 1 }],
    ['up', null, { up: -1, down: 0 }],
    ['down', null, { up: 0, down: -1 }],
    ['up', 'down', { up: -1, down: 1 }],
    ['down', 'up', { up: 1, down: -1 }],
    ['up', 'up', { up: 0, down: 0 }],
  ] as const)('%s → %s moves the counts by %j', (before, after, delta) => {
    expect(voteCountsDelta(before, after)).toEqual(delta);
  });
});
