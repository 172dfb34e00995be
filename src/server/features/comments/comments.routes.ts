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
import { countSchema, insertedSchema, paginationQuerySchema } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../app.ts';
import { readCounter } from '../counters/counters.queries.ts';
import { commentCountsFor, listFullComments, listPostComments } from './comments.queries.ts';
import { addComment, commentCounts, listCommentsForOwner } from './comments.service.ts';

export const commentsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.post(
    '/api/comment-data',
    { onRequest: guards.requireUser, schema: { body: createCommentInputSchema, response: { 200: insertedSchema } } },
    async (request) => addComment(db, request.viewer!, request.body),
  );

  app.get(
    '/api/comment-data',
    { onRequest: guards.requireAdmin, schema: { querystring: paginationQuerySchema, response: { 200: z.array(commentSchema) } } },
    async (request, reply) => {
      const [items, total] = await Promise.all([listFullComments(db, request.query, {}), readCounter(db, 'comments')]);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/comment-pagination/:postId',
    {
      schema: { params: postIdParamsSchema, querystring: paginationQuerySchema, response: { 200: z.array(publicCommentSchema) } },
    },
    async (request, reply) => {
      const { postId } = request.params;
      const [items, counts] = await Promise.all([listPostComments(db, postId, request.query), commentCountsFor(db, [postId])]);
      reply.header('x-total-count', String(counts.get(postId) ?? 0));
      return items;
    },
  );

  app.get(
    '/api/post-comment-count/:postId',
    { schema: { params: postIdParamsSchema, response: { 200: countSchema } } },
    async (request) => ({ count: (await commentCountsFor(db, [request.params.postId])).get(request.params.postId) ?? 0 }),
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
      schema: { params: postIdParamsSchema, querystring: paginationQuerySchema, response: { 200: z.array(commentSchema) } },
    },
    async (request, reply) => {
      const { items, total } = await listCommentsForOwner(db, request.viewer!, request.params.postId, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );
};
