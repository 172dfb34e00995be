import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '#shared/schemas/common.ts';
import { voteResultSchema } from '#shared/schemas/post.ts';
import { castVote } from './votes.service.ts';

export const votesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards, writePath } = app;
  // The body is ignored: the original sent a page-local counter that overwrote the stored count.
  for (const direction of ['up', 'down'] as const) {
    app.patch(
      `/api/post-data/${direction}Vote/:id`,
      { onRequest: guards.requireUser, schema: { params: idParamsSchema, response: { 200: voteResultSchema } } },
      async (request) => castVote(writePath, request.viewer!, request.params.id, direction),
    );
  }
};
