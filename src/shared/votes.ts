import type { VoteDirection } from './schemas/post.ts';

/**
 * One vote per member per post (DESIGN.md): the same direction again withdraws the vote, the
 * other direction switches it. The server stores what this answers; the browser shows it
 * before the server has answered.
 */
export const nextVote = (existing: VoteDirection | null, direction: VoteDirection): VoteDirection | null =>
  existing === direction ? null : direction;

/** How a post's up and down counts move when a member's vote goes from `before` to `after`. */
export function voteCountsDelta(before: VoteDirection | null, after: VoteDirection | null): { up: number; down: number } {
  return {
    up: (after === 'up' ? 1 : 0) - (before === 'up' ? 1 : 0),
    down: (after === 'down' ? 1 : 0) - (before === 'down' ? 1 : 0),
  };
}
