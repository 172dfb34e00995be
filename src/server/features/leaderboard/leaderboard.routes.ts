import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEADERBOARD_DAYS, LEADERBOARD_SIZE, leaderboardRowSchema } from '#shared/schemas/leaderboard.ts';
import type { AppDeps } from '../../app.ts';
import { replyFromCache } from '../../lib/cached-reply.ts';
import { utcDay } from './activity.queries.ts';
import { topContributors } from './leaderboard.queries.ts';

export const leaderboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // Its query sums the last 7 days of every active member (it grows with the community), so
  // the answer is kept between the writes that change it (lib/read-cache.ts).
  app.get('/api/user-data', { schema: { response: { 200: z.array(leaderboardRowSchema) } } }, async (_request, reply) => {
    // Today and the six days before it: the last 7 UTC days.
    const since = utcDay(new Date(Date.now() - (LEADERBOARD_DAYS - 1) * 86_400_000));
    return replyFromCache(db, reply, `leaderboard:${since}`, async () => ({ body: await topContributors(db, since, LEADERBOARD_SIZE) }));
  });
};
