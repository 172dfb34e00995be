import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countSchema, deletedSchema, insertedSchema, paginationQuerySchema } from '#shared/schemas/common.ts';
import { createReportInputSchema, reportSchema } from '#shared/schemas/report.ts';
import { emailParamsSchema } from '#shared/schemas/user.ts';
import type { AppDeps } from '../../app.ts';
import { readCounter } from '../counters/counters.queries.ts';
import { listReports } from './reports.queries.ts';
import { deleteReportedCommentsOf, reportComment } from './reports.service.ts';

export const reportsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.post(
    '/api/reported-comment',
    { onRequest: guards.requireUser, schema: { body: createReportInputSchema, response: { 200: insertedSchema } } },
    async (request) => reportComment(db, request.viewer!, request.body),
  );

  for (const url of ['/api/reported-comment', '/api/reported-comment-pagination']) {
    app.get(
      url,
      { onRequest: guards.requireAdmin, schema: { querystring: paginationQuerySchema, response: { 200: z.array(reportSchema) } } },
      async (request, reply) => {
        const [items, total] = await Promise.all([listReports(db, request.query), readCounter(db, 'reports')]);
        reply.header('x-total-count', String(total));
        return items;
      },
    );
  }

  app.get('/api/reported-comment-count', { onRequest: guards.requireAdmin, schema: { response: { 200: countSchema } } }, async () => ({
    count: await readCounter(db, 'reports'),
  }));

  app.delete(
    '/api/reported-comment-delete/:email',
    { onRequest: guards.requireAdmin, schema: { params: emailParamsSchema, response: { 200: deletedSchema } } },
    async (request) => deleteReportedCommentsOf(db, request.params.email),
  );
};
