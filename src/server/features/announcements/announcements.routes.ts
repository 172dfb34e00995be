import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { announcementSchema, createAnnouncementInputSchema } from '#shared/schemas/announcement.ts';
import { insertedSchema, paginationQuerySchema } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../app.ts';
import { countAnnouncements, insertAnnouncement, listAnnouncements } from './announcements.queries.ts';

export const announcementsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.get(
    '/api/announcement-data',
    { schema: { querystring: paginationQuerySchema, response: { 200: z.array(announcementSchema) } } },
    async (request, reply) => {
      const [items, total] = await Promise.all([listAnnouncements(db, request.query), countAnnouncements(db)]);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  // The author's photo and name come from the session (they are read at display time).
  app.post(
    '/api/announcement-data',
    { onRequest: guards.requireAdmin, schema: { body: createAnnouncementInputSchema, response: { 200: insertedSchema } } },
    async (request) => ({ insertedId: await insertAnnouncement(db, request.viewer!.id, request.body) }),
  );
};
