import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { insertedSchema } from '#shared/schemas/common.ts';
import { createTagInputSchema, tagSchema } from '#shared/schemas/tag.ts';
import { createTag, listTags } from './tags.service.ts';

export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, writePath } = app;

  app.get('/api/tag-data', { schema: { response: { 200: z.array(tagSchema) } } }, async () => listTags(db));

  app.post(
    '/api/tag-data',
    { onRequest: guards.requireAdmin, schema: { body: createTagInputSchema, response: { 200: insertedSchema } } },
    async (request) => createTag(writePath, request.body.tag),
  );
};
