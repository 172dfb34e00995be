import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf } from '#shared/schemas/common.ts';
import { searchHitSchema, searchQuerySchema } from '#shared/schemas/search.ts';
import { sendPage } from '../../lib/pagination.ts';
import { search } from './search.service.ts';

/** GET /api/search (anyone): posts and comments by their words (API.md "Search"). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/api/search',
    { schema: { querystring: searchQuerySchema, response: { 200: pageOf(searchHitSchema) } } },
    async (request, reply) => sendPage(reply, await search(db, request.query)),
  );
};
