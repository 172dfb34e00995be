import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { insertedSchema } from '#shared/schemas/common.ts';
import { createTagInputSchema, tagSchema } from '#shared/schemas/tag.ts';
import type { AppDeps } from '../../app.ts';
import { conflict } from '../../lib/app-error.ts';
import { insertTag, listTags, tagExists } from './tags.queries.ts';

export const tagsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.get('/api/tag-data', { schema: { response: { 200: z.array(tagSchema) } } }, async () => listTags(db));

  app.post(
    '/api/tag-data',
    { onRequest: guards.requireAdmin, schema: { body: createTagInputSchema, response: { 200: insertedSchema } } },
    async (request) => {
      const { tag } = request.body;
      if (await tagExists(db, tag)) throw conflict(`The tag "${tag}" already exists.`);
      return { insertedId: await insertTag(db, tag) };
    },
  );
};
