import { z } from 'zod';
import { membershipSchema, roleSchema } from './user.ts';

/** `GET members/{id}`: a member's public profile — never an email. */
export const memberProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  membership: membershipSchema,
  role: roleSchema,
  joinedAt: z.string(),
  /** Posts written (stored on the member). */
  posts: z.number().int(),
  /** Comments written. */
  comments: z.number().int(),
  /** Leaderboard points over the last 7 days. */
  points: z.number().int(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;
