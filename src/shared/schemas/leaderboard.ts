import { z } from 'zod';

export const leaderboardRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  posts: z.number().int(),
  points: z.number().int(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;
