import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, pageOf, paginationQuerySchema } from '#shared/schemas/common.ts';
import { memberProfileSchema } from '#shared/schemas/member.ts';
import { postSchema } from '#shared/schemas/post.ts';
import { sendPage } from '../../lib/pagination.ts';
import { getMemberProfile, listPostsOfMember } from './members.service.ts';

/** Public member profiles (API.md "Moderation and members"): anyone may read them; no emails. */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, writePath } = app;

  app.get('/api/members/:id', { schema: { params: idParamsSchema, response: { 200: memberProfileSchema } } }, async (request) =>
    getMemberProfile(writePath, request.params.id),
  );

  app.get(
    '/api/members/:id/posts',
    { schema: { params: idParamsSchema, querystring: paginationQuerySchema, response: { 200: pageOf(postSchema) } } },
    async (request, reply) => sendPage(reply, await listPostsOfMember(db, request.params.id, request.query)),
  );
};
