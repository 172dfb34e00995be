import type { Post } from '#shared/schemas/post.ts';

/** "Total Vote" / "Number of Votes" on the member's pages = upVote + downVote (DESIGN.md). */
export const totalVotes = (post: Pick<Post, 'upVote' | 'downVote'>): number => post.upVote + post.downVote;

const postedTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatPostedTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : postedTimeFormat.format(date);
}
