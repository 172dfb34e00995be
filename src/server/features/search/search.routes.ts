import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_COUNT_MAX } from '#shared/constants.ts';
import { pageOf } from '#shared/schemas/common.ts';
import { searchHitSchema, searchQuerySchema } from '#shared/schemas/search.ts';
import { sendPage } from '../../lib/pagination.ts';
import { search } from './search.service.ts';

/** GET /api/search (anyone): posts and comments by their words (API.md "Search"). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/api/search',
    {
      schema: {
        summary: `Posts and comments by their words; X-Total-Count counts to ${SEARCH_COUNT_MAX + 1}, which means more than ${SEARCH_COUNT_MAX}, and pages stop at ${SEARCH_COUNT_MAX}`,
        querystring: searchQuerySchema,
        response: { 200: pageOf(searchHitSchema) },
      },
    },
    async (request, reply) => sendPage(reply, await search(db, request.query)),
  );
};
