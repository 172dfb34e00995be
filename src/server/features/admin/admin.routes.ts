import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsSchema, setRoleInputSchema, userPageQuerySchema, userSearchQuerySchema } from '#shared/schemas/admin.ts';
import { countSchema, deletedSchema, modifiedSchema, pageOf } from '#shared/schemas/common.ts';
import { emailParamsSchema, userSchema } from '#shared/schemas/user.ts';
import { sendPage } from '../../lib/pagination.ts';
import { demoteAdmin, promoteToAdmin } from '../users/users.service.ts';
import { adminStats, banMember, countMembers, listMemberPage } from './admin.service.ts';

/**
 * Every call here is admin-only: one hook for the whole plugin puts the guard first on each
 * route's own onRequest (rather than on the plugin), so the route says who may call it and the
 * API document (platform/openapi.ts) can tell.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, writePath } = app;
  app.addHook('onRoute', (route) => {
    route.onRequest = [guards.requireAdmin, ...[route.onRequest ?? []].flat()];
  });

  app.get('/api/admin-stats', { schema: { response: { 200: adminStatsSchema } } }, async () => adminStats(db));

  app.get(
    '/api/user-data-pagination',
    { schema: { querystring: userPageQuerySchema, response: { 200: pageOf(userSchema) } } },
    async (request, reply) => {
      const { search, ...page } = request.query;
      return sendPage(reply, await listMemberPage(db, page, search));
    },
  );

  app.get('/api/user-data-count', { schema: { querystring: userSearchQuerySchema, response: { 200: countSchema } } }, async (request) => ({
    count: await countMembers(db, request.query.search),
  }));

  app.patch(
    '/api/user/role/:email',
    { schema: { params: emailParamsSchema, body: setRoleInputSchema, response: { 200: modifiedSchema } } },
    async (request) => promoteToAdmin(writePath, request.params.email, request.viewer!),
  );

  app.delete('/api/user/role/:email', { schema: { params: emailParamsSchema, response: { 200: modifiedSchema } } }, async (request) =>
    demoteAdmin(writePath, request.viewer!, request.params.email),
  );

  app.delete('/api/user-delete/:email', { schema: { params: emailParamsSchema, response: { 200: deletedSchema } } }, async (request) =>
    banMember(writePath, request.viewer!, request.params.email),
  );
};
