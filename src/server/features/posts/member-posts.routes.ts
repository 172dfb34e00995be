import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_PAGE_LIMIT } from '#shared/constants.ts';
import { countSchema, deletedSchema, idParamsSchema, paginationQuerySchema, pageOf } from '#shared/schemas/common.ts';
import { postSchema } from '#shared/schemas/post.ts';
import { emailParamsSchema } from '#shared/schemas/user.ts';
import { sendPage } from '../../lib/pagination.ts';
import { countMemberPosts, listMemberPosts, removePost } from './posts.service.ts';

const postList = { 200: pageOf(postSchema) };

/** A member's own posts (self or admin), and deleting a post (owner or admin). */
export const memberPostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, writePath } = app;

  // SPEC.md's "all the user's posts" calls answer one bounded page, newest first.
  for (const url of ['/api/user/:email', '/api/my-post/user/:email']) {
    app.get(url, { onRequest: guards.requireUser, schema: { params: emailParamsSchema, response: postList } }, async (request, reply) =>
      sendPage(reply, await listMemberPosts(db, request.viewer!, request.params.email, { page: 0, limit: MAX_PAGE_LIMIT })),
    );
  }

  app.get(
    '/api/my-post-pagination/:email',
    { onRequest: guards.requireUser, schema: { params: emailParamsSchema, querystring: paginationQuerySchema, response: postList } },
    async (request, reply) => sendPage(reply, await listMemberPosts(db, request.viewer!, request.params.email, request.query)),
  );

  app.get(
    '/api/user-post-count/:email',
    { onRequest: guards.requireUser, schema: { params: emailParamsSchema, response: { 200: countSchema } } },
    async (request) => ({ count: await countMemberPosts(db, request.viewer!, request.params.email) }),
  );

  app.delete(
    '/api/post-delete/:id',
    { onRequest: guards.requireUser, schema: { params: idParamsSchema, response: { 200: deletedSchema } } },
    async (request) => removePost(writePath, request.viewer!, request.params.id),
  );
};
