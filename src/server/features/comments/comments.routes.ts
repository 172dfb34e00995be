import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentCountSchema,
  commentCountsInputSchema,
  commentSchema,
  createCommentInputSchema,
  postIdParamsSchema,
  commentRevisionSchema,
  publicCommentSchema,
  updateCommentInputSchema,
} from '#shared/schemas/comment.ts';
import {
  countSchema,
  deletedSchema,
  idParamsSchema,
  insertedSchema,
  modifiedSchema,
  allPagesQuerySchema,
  paginationQuerySchema,
  pageOf,
} from '#shared/schemas/common.ts';
import { sendPage } from '../../lib/pagination.ts';
import { notFound } from '../../lib/app-error.ts';
import { siteTotal } from '../counters/counters.service.ts';
import { listFullComments, listPostComments } from './comments.queries.ts';
import {
  addComment,
  commentCountOf,
  commentCounts,
  commentRevisions,
  editComment,
  listCommentsForOwner,
  removeComment,
} from './comments.service.ts';

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, writePath } = app;

  app.post(
    '/api/comment-data',
    {
      onRequest: guards.requireUser,
      config: { errors: [404] },
      schema: { body: createCommentInputSchema, response: { 200: insertedSchema } },
    },
    async (request) => addComment(writePath, request.viewer!, request.body),
  );

  app.patch(
    '/api/comment-data/:id',
    {
      onRequest: guards.requireUser,
      config: { errors: [409] },
      schema: { params: idParamsSchema, body: updateCommentInputSchema, response: { 200: modifiedSchema } },
    },
    async (request) => editComment(writePath, request.viewer!, request.params.id, request.body),
  );

  app.delete(
    '/api/comment-data/:id',
    { onRequest: guards.requireUser, schema: { params: idParamsSchema, response: { 200: deletedSchema } } },
    async (request) => removeComment(writePath, request.viewer!, request.params.id),
  );

  app.get(
    '/api/comment-data/:id/revisions',
    {
      onRequest: guards.requireUser,
      schema: { params: idParamsSchema, querystring: paginationQuerySchema, response: { 200: pageOf(commentRevisionSchema) } },
    },
    async (request, reply) => sendPage(reply, await commentRevisions(db, request.params.id, request.query)),
  );

  app.get(
    '/api/comment-data',
    { onRequest: guards.requireAdmin, schema: { querystring: allPagesQuerySchema, response: { 200: pageOf(commentSchema) } } },
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
      const page = await listPostComments(db, postId, request.query);
      if (!page) throw notFound('post');
      return sendPage(reply, page);
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
