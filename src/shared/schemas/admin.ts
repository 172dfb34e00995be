import { z } from 'zod';
import { paginationQuerySchema } from './common.ts';

export const siteTotalsSchema = z.object({
  posts: z.number().int(),
  comments: z.number().int(),
  users: z.number().int(),
});
export type SiteTotals = z.infer<typeof siteTotalsSchema>;

/** One UTC day of new posts: `day` is "YYYY-MM-DD". */
export const postsOnDaySchema = z.object({ day: z.string(), count: z.number().int() });
export type PostsOnDay = z.infer<typeof postsOnDaySchema>;

export const adminStatsSchema = siteTotalsSchema.extend({
  /** Reports waiting in the queue (the stored 'reports' counter). */
  openReports: z.number().int(),
  /** Members who signed up in the last 7 days. */
  newMembersThisWeek: z.number().int(),
  /** The last 30 UTC days, oldest first, every day present (0 when none). */
  postsPerDay: z.array(postsOnDaySchema),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const userSearchQuerySchema = z.object({
  search: z.string().trim().max(100).optional().default(''),
});
export const userPageQuerySchema = paginationQuerySchema.extend(userSearchQuerySchema.shape);

export const setRoleInputSchema = z.object({
  role: z.literal('Admin', { error: 'Only "Admin" can be set' }),
});
