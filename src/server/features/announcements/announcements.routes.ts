import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announcementSchema, createAnnouncementInputSchema, updateAnnouncementInputSchema } from '#shared/schemas/announcement.ts';
import { deletedSchema, idParamsSchema, insertedSchema, modifiedSchema, paginationQuerySchema, pageOf } from '#shared/schemas/common.ts';
import { sendPage } from '../../lib/pagination.ts';
import { editAnnouncement, listAnnouncementPage, publishAnnouncement, removeAnnouncement } from './announcements.service.ts';

export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, writePath } = app;

  app.get(
    '/api/announcement-data',
    { schema: { querystring: paginationQuerySchema, response: { 200: pageOf(announcementSchema) } } },
    async (request, reply) => sendPage(reply, await listAnnouncementPage(db, request.query)),
  );

  app.post(
    '/api/announcement-data',
    { onRequest: guards.requireAdmin, schema: { body: createAnnouncementInputSchema, response: { 200: insertedSchema } } },
    async (request) => publishAnnouncement(writePath, request.viewer!, request.body),
  );

  app.patch(
    '/api/announcement-data/:id',
    {
      onRequest: guards.requireAdmin,
      config: { errors: [409] },
      schema: { params: idParamsSchema, body: updateAnnouncementInputSchema, response: { 200: modifiedSchema } },
    },
    async (request) => editAnnouncement(writePath, request.viewer!, request.params.id, request.body),
  );

  app.delete(
    '/api/announcement-data/:id',
    { onRequest: guards.requireAdmin, schema: { params: idParamsSchema, response: { 200: deletedSchema } } },
    async (request) => removeAnnouncement(writePath, request.viewer!, request.params.id),
  );
};
