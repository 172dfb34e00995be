import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { announcementSchema } from '#shared/schemas/announcement.ts';
import { paginationQuerySchema } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../app.ts';
import { countAnnouncements, listAnnouncements } from './announcements.queries.ts';

export const announcementsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/announcement-data',
    { schema: { querystring: paginationQuerySchema, response: { 200: z.array(announcementSchema) } } },
    async (request, reply) => {
      const [items, total] = await Promise.all([listAnnouncements(db, request.query), countAnnouncements(db)]);
      reply.header('x-total-count', String(total));
      return items;
    },
  );
};
