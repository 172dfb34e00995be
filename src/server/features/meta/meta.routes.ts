import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicConfigSchema, type PublicConfig } from '#shared/schemas/config.ts';

export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const publicConfig: PublicConfig = {
    siteName: config.siteName,
    googleEnabled: config.google !== null,
    payments: config.stripe
      ? { provider: 'stripe', publishableKey: config.stripe.publishableKey }
      : { provider: config.sandboxPayments ? 'sandbox' : 'none', publishableKey: null },
  };

  // Liveness: never touches the database.
  app.get('/api/health', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));

  // Readiness: 503 while the database does not answer.
  app.get('/api/ready', async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ message: 'The database is not reachable.', code: 'INTERNAL' });
    }
  });

  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => publicConfig);
};
