import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countSchema, idParamsSchema, insertedSchema, paginationQuerySchema, type PaginationQuery } from '#shared/schemas/common.ts';
import { createPostInputSchema, postDetailSchema, postSchema, searchByTagQuerySchema } from '#shared/schemas/post.ts';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { replyFromCache } from '../../lib/cached-reply.ts';
import { readCounter } from '../counters/counters.queries.ts';
import type { PostOrder } from './posts.queries.ts';
import { getPostDetail, listPostPage, publishPost, searchPostsByTag } from './posts.service.ts';

const postList = { 200: z.array(postSchema) };

export const postsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  // The home page's reads: answered from what is kept between writes (lib/read-cache.ts).
  const postPage = (order: PostOrder, page: PaginationQuery, reply: FastifyReply) =>
    replyFromCache(db, reply, `posts:${order}:${page.page}:${page.limit}`, async () => {
      const { items, total } = await listPostPage(db, page, order);
      return { body: items, totalCount: total };
    });

  app.get('/api/pagination', { schema: { querystring: paginationQuerySchema, response: postList } }, async (request, reply) =>
    postPage('newest', request.query, reply),
  );

  app.get('/api/post-data/popularity', { schema: { querystring: paginationQuerySchema, response: postList } }, async (request, reply) =>
    postPage('popularity', request.query, reply),
  );

  app.get(
    '/api/search-by-tag',
    { schema: { querystring: paginationQuerySchema.extend(searchByTagQuerySchema.shape), response: postList } },
    async (request, reply) => {
      const { search, ...page } = request.query;
      const { items, total } = await searchPostsByTag(db, search, page);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get('/api/post-data-count', { schema: { response: { 200: countSchema } } }, async () => ({
    count: await readCounter(db, 'posts'),
  }));

  app.get(
    '/api/post-data',
    { onRequest: guards.requireAdmin, schema: { querystring: paginationQuerySchema, response: postList } },
    async (request, reply) => {
      const { items, total } = await listPostPage(db, request.query, 'newest');
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/post-data/:id',
    { onRequest: guards.optionalUser, schema: { params: idParamsSchema, response: { 200: postDetailSchema } } },
    async (request) => getPostDetail(db, request.params.id, request.viewer),
  );

  app.post(
    '/api/post-data',
    { onRequest: guards.requireUser, schema: { body: createPostInputSchema, response: { 200: insertedSchema } } },
    async (request) => publishPost(db, request.viewer!, request.body),
  );
};
