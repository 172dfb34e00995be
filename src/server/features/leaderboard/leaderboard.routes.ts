import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEADERBOARD_SIZE } from '#shared/constants.ts';
import { leaderboardRowSchema } from '#shared/schemas/leaderboard.ts';
import { replyFromCache } from '../../lib/cached-reply.ts';
import { ACTIVITY } from '../../lib/read-cache.ts';
import { leaderboardWindow } from '../counters/counters.service.ts';
import { topContributors } from './leaderboard.service.ts';

export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { readCache, writePath } = app;
  // Shown on every home page view: kept between the writes that change it (lib/read-cache.ts).
  app.get('/api/user-data', { schema: { response: { 200: z.array(leaderboardRowSchema) } } }, async (_request, reply) => {
    const window = leaderboardWindow();
    return replyFromCache(readCache, reply, `leaderboard:${window.today}`, async () => ({
      body: await topContributors(writePath, window, LEADERBOARD_SIZE),
      tags: [ACTIVITY],
    }));
  });
};
