import { z } from 'zod';

/** GET /api/config: what the browser may know about this server's setup (never secrets). */
export const publicConfigSchema = z.object({
  siteName: z.string(),
  googleEnabled: z.boolean(),
  payments: z.object({
    provider: z.enum(['sandbox', 'stripe', 'none']),
    publishableKey: z.string().nullable(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
