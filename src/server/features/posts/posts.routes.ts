import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countSchema,
  idParamsSchema,
  insertedSchema,
  modifiedSchema,
  allPagesQuerySchema,
  paginationQuerySchema,
  type PaginationQuery,
  pageOf,
} from '#shared/schemas/common.ts';
import {
  createPostInputSchema,
  postDetailSchema,
  postRevisionSchema,
  postSchema,
  searchByTagQuerySchema,
  updatePostInputSchema,
} from '#shared/schemas/post.ts';
import { replyFromCache } from '../../lib/cached-reply.ts';
import { postTag, SCORES } from '../../lib/read-cache.ts';
import { sendPage } from '../../lib/pagination.ts';
import { siteTotal } from '../counters/counters.service.ts';
import { editPost, getPostDetail, listPostPage, postRevisions, publishPost, searchPostsByTag, type PostOrder } from './posts.service.ts';

const postList = { 200: pageOf(postSchema) };

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, readCache, writePath } = app;

  // The home page's reads: answered from what is kept between writes (lib/read-cache.ts).
  const postPage = (order: PostOrder, page: PaginationQuery, reply: FastifyReply) =>
    replyFromCache(readCache, reply, `posts:${order}:${page.page}:${page.limit}`, async () => {
      const { items, total } = await listPostPage(db, page, order);
      // A vote or comment on a post it does not show leaves a page of the newest as it is;
      // the popularity order moves with every vote.
      const tags = items.map((p) => postTag(p._id));
      return { body: items, totalCount: total, tags: order === 'popularity' ? [SCORES, ...tags] : tags };
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
      const { search, sort, ...page } = request.query;
      return sendPage(reply, await searchPostsByTag(db, search, page, sort));
    },
  );

  app.get('/api/post-data-count', { schema: { response: { 200: countSchema } } }, async () => ({
    count: await siteTotal(db, 'posts'),
  }));

  app.get(
    '/api/post-data',
    { onRequest: guards.requireAdmin, schema: { querystring: allPagesQuerySchema, response: postList } },
    async (request, reply) => sendPage(reply, await listPostPage(db, request.query, 'newest')),
  );

  app.get(
    '/api/post-data/:id',
    { onRequest: guards.optionalUser, schema: { params: idParamsSchema, response: { 200: postDetailSchema } } },
    async (request) => getPostDetail(db, request.params.id, request.viewer),
  );

  app.post(
    '/api/post-data',
    { onRequest: guards.requireUser, schema: { body: createPostInputSchema, response: { 200: insertedSchema } } },
    async (request) => publishPost(writePath, request.viewer!, request.body),
  );

  app.patch(
    '/api/post-data/:id',
    {
      onRequest: guards.requireUser,
      config: { errors: [409] },
      schema: { params: idParamsSchema, body: updatePostInputSchema, response: { 200: modifiedSchema } },
    },
    async (request) => editPost(writePath, request.viewer!, request.params.id, request.body),
  );

  app.get(
    '/api/post-data/:id/revisions',
    {
      onRequest: guards.requireUser,
      schema: { params: idParamsSchema, querystring: paginationQuerySchema, response: { 200: pageOf(postRevisionSchema) } },
    },
    async (request, reply) => sendPage(reply, await postRevisions(db, request.params.id, request.query)),
  );
};
