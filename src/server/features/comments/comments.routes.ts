import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentCountSchema,
  commentCountsInputSchema,
  commentSchema,
  createCommentInputSchema,
  postIdParamsSchema,
  publicCommentSchema,
} from '#shared/schemas/comment.ts';
import { countSchema, insertedSchema, paginationQuerySchema, pageOf } from '#shared/schemas/common.ts';
import { sendPage } from '../../lib/pagination.ts';
import { siteTotal } from '../counters/counters.service.ts';
import { listFullComments, listPostComments } from './comments.queries.ts';
import { addComment, commentCountOf, commentCounts, listCommentsForOwner } from './comments.service.ts';

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, writePath } = app;

  app.post(
    '/api/comment-data',
    { onRequest: guards.requireUser, schema: { body: createCommentInputSchema, response: { 200: insertedSchema } } },
    async (request) => addComment(writePath, request.viewer!, request.body),
  );

  app.get(
    '/api/comment-data',
    { onRequest: guards.requireAdmin, schema: { querystring: paginationQuerySchema, response: { 200: pageOf(commentSchema) } } },
    async (request, reply) => {
      const [items, total] = await Promise.all([listFullComments(db, request.query, {}), siteTotal(db, 'comments')]);
      return sendPage(reply, { items, total });
    },
  );

  app.get(
    '/api/comment-pagination/:postId',
    { schema: { params: postIdParamsSchema, querystring: paginationQuerySchema, response: { 200: pageOf(publicCommentSchema) } } },
    async (request, reply) => {
      const { postId } = request.params;
      const [items, total] = await Promise.all([listPostComments(db, postId, request.query), commentCountOf(db, postId)]);
      return sendPage(reply, { items, total });
    },
  );

  app.get(
    '/api/post-comment-count/:postId',
    { schema: { params: postIdParamsSchema, response: { 200: countSchema } } },
    async (request) => ({
      count: await commentCountOf(db, request.params.postId),
    }),
  );

  app.post(
    '/api/individual-comment-counts',
    { schema: { body: commentCountsInputSchema, response: { 200: z.array(commentCountSchema) } } },
    async (request) => commentCounts(db, request.body.postIds),
  );

  app.get(
    '/api/post-comment-data/:postId',
    {
      onRequest: guards.requireUser,
      schema: { params: postIdParamsSchema, querystring: paginationQuerySchema, response: { 200: pageOf(commentSchema) } },
    },
    async (request, reply) => sendPage(reply, await listCommentsForOwner(db, request.viewer!, request.params.postId, request.query)),
  );
};
