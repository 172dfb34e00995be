import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminStatsSchema, setRoleInputSchema, userPageQuerySchema, userSearchQuerySchema } from '#shared/schemas/admin.ts';
import { countSchema, deletedSchema, modifiedSchema } from '#shared/schemas/common.ts';
import { emailParamsSchema, userSchema } from '#shared/schemas/user.ts';
import type { AppDeps } from '../../app.ts';
import { promoteToAdmin } from '../users/users.service.ts';
import { countMembers, listMembers } from './admin.queries.ts';
import { banMember, siteTotals } from './admin.service.ts';

/** Every call here is admin-only, enforced by one hook for the whole plugin. */
export const adminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.addHook('onRequest', guards.requireAdmin);

  app.get('/api/admin-stats', { schema: { response: { 200: adminStatsSchema } } }, async () => siteTotals(db));

  app.get(
    '/api/user-data-pagination',
    { schema: { querystring: userPageQuerySchema, response: { 200: z.array(userSchema) } } },
    async (request, reply) => {
      const { search, ...page } = request.query;
      const [items, total] = await Promise.all([listMembers(db, page, search), countMembers(db, search)]);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get('/api/user-data-count', { schema: { querystring: userSearchQuerySchema, response: { 200: countSchema } } }, async (request) => ({
    count: await countMembers(db, request.query.search),
  }));

  app.patch(
    '/api/user/role/:email',
    { schema: { params: emailParamsSchema, body: setRoleInputSchema, response: { 200: modifiedSchema } } },
    async (request) => promoteToAdmin(db, request.params.email),
  );

  app.delete('/api/user-delete/:email', { schema: { params: emailParamsSchema, response: { 200: deletedSchema } } }, async (request) =>
    banMember(db, request.viewer!, request.params.email),
  );
};
