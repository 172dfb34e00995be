import { z } from 'zod';

export const leaderboardRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  posts: z.number().int(),
  points: z.number().int(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

/** DESIGN.md: points earned in the last 7 days. */
export const LEADERBOARD_DAYS = 7;
export const LEADERBOARD_SIZE = 10;
export const POINTS = { post: 10, comment: 2, upVote: 1, downVote: -1 } as const;
