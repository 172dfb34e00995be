import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announcementSchema, createAnnouncementInputSchema } from '#shared/schemas/announcement.ts';
import { insertedSchema, paginationQuerySchema, pageOf } from '#shared/schemas/common.ts';
import { sendPage } from '../../lib/pagination.ts';
import { listAnnouncementPage, publishAnnouncement } from './announcements.service.ts';

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
};
