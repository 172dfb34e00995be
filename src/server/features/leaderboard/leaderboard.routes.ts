import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEADERBOARD_SIZE } from '#shared/constants.ts';
import { leaderboardRowSchema } from '#shared/schemas/leaderboard.ts';
import type { AppDeps } from '../../app.ts';
import { replyFromCache } from '../../lib/cached-reply.ts';
import { leaderboardWindow } from './activity.queries.ts';
import { topContributors } from './leaderboard.queries.ts';

export const leaderboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // Shown on every home page view: kept between the writes that change it (lib/read-cache.ts).
  app.get('/api/user-data', { schema: { response: { 200: z.array(leaderboardRowSchema) } } }, async (_request, reply) => {
    const window = leaderboardWindow();
    return replyFromCache(db, reply, `leaderboard:${window.today}`, async () => ({
      body: await topContributors(db, window, LEADERBOARD_SIZE),
    }));
  });
};
