import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countSchema, deletedSchema, idParamsSchema, insertedSchema, paginationQuerySchema, pageOf } from '#shared/schemas/common.ts';
import { createReportInputSchema, reportSchema } from '#shared/schemas/report.ts';
import { emailParamsSchema } from '#shared/schemas/user.ts';
import { sendPage } from '../../lib/pagination.ts';
import { countReports, deleteReportedCommentsOf, dismissReport, listReportPage, reportComment } from './reports.service.ts';

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, writePath } = app;

  app.post(
    '/api/reported-comment',
    {
      onRequest: guards.requireUser,
      config: { errors: [404, 409] },
      schema: { body: createReportInputSchema, response: { 200: insertedSchema } },
    },
    async (request) => reportComment(writePath, request.viewer!, request.body),
  );

  for (const url of ['/api/reported-comment', '/api/reported-comment-pagination']) {
    app.get(
      url,
      { onRequest: guards.requireAdmin, schema: { querystring: paginationQuerySchema, response: { 200: pageOf(reportSchema) } } },
      async (request, reply) => sendPage(reply, await listReportPage(db, request.query)),
    );
  }

  app.get('/api/reported-comment-count', { onRequest: guards.requireAdmin, schema: { response: { 200: countSchema } } }, async () => ({
    count: await countReports(db),
  }));

  app.delete(
    '/api/reported-comment/:id',
    { onRequest: guards.requireAdmin, schema: { params: idParamsSchema, response: { 200: deletedSchema } } },
    async (request) => dismissReport(writePath, request.viewer!, request.params.id),
  );

  app.delete(
    '/api/reported-comment-delete/:email',
    { onRequest: guards.requireAdmin, schema: { params: emailParamsSchema, response: { 200: deletedSchema } } },
    async (request) => deleteReportedCommentsOf(writePath, request.viewer!, request.params.email),
  );
};
