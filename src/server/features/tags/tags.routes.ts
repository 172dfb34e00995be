import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedSchema, idParamsSchema, insertedSchema, modifiedSchema } from '#shared/schemas/common.ts';
import { createTagInputSchema, deleteTagQuerySchema, renameTagInputSchema, tagSchema, tagUsageSchema } from '#shared/schemas/tag.ts';
import { createTag, deleteTag, listTags, renameTag, tagUsage } from './tags.service.ts';

export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, writePath } = app;

  app.get('/api/tag-data', { schema: { response: { 200: z.array(tagSchema) } } }, async () => listTags(db));

  app.post(
    '/api/tag-data',
    {
      onRequest: guards.requireAdmin,
      config: { errors: [409] },
      schema: { body: createTagInputSchema, response: { 200: insertedSchema } },
    },
    async (request) => createTag(writePath, request.viewer!, request.body.tag),
  );

  app.get(
    '/api/tag-data/:id/usage',
    { onRequest: guards.requireAdmin, schema: { params: idParamsSchema, response: { 200: tagUsageSchema } } },
    async (request) => tagUsage(db, request.params.id),
  );

  app.patch(
    '/api/tag-data/:id',
    {
      onRequest: guards.requireAdmin,
      config: { errors: [409] },
      schema: { params: idParamsSchema, body: renameTagInputSchema, response: { 200: modifiedSchema } },
    },
    async (request) => renameTag(writePath, request.viewer!, request.params.id, request.body.tag),
  );

  app.delete(
    '/api/tag-data/:id',
    {
      onRequest: guards.requireAdmin,
      config: { errors: [409] },
      schema: { params: idParamsSchema, querystring: deleteTagQuerySchema, response: { 200: deletedSchema } },
    },
    async (request) => deleteTag(writePath, request.viewer!, request.params.id, request.query.moveTo),
  );
};
