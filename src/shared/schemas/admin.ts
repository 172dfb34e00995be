import { z } from 'zod';
import { paginationQuerySchema } from './common.ts';

export const adminStatsSchema = z.object({
  posts: z.number().int(),
  comments: z.number().int(),
  users: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const userSearchQuerySchema = z.object({
  search: z.string().trim().max(100).optional().default(''),
});
export const userPageQuerySchema = paginationQuerySchema.extend(userSearchQuerySchema.shape);

export const setRoleInputSchema = z.object({
  role: z.literal('Admin', { error: 'Only "Admin" can be set' }),
});
