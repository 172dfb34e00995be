import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEADERBOARD_DAYS, LEADERBOARD_SIZE, leaderboardRowSchema } from '#shared/schemas/leaderboard.ts';
import type { AppDeps } from '../../app.ts';
import { utcDay } from './activity.queries.ts';
import { topContributors } from './leaderboard.queries.ts';

export const leaderboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get('/api/user-data', { schema: { response: { 200: z.array(leaderboardRowSchema) } } }, async () => {
    // Today and the six days before it: the last 7 UTC days.
    const since = utcDay(new Date(Date.now() - (LEADERBOARD_DAYS - 1) * 86_400_000));
    return topContributors(db, since, LEADERBOARD_SIZE);
  });
};
