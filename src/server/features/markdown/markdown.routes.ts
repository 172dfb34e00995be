import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markdownPreviewInputSchema, markdownPreviewSchema } from '#shared/schemas/markdown.ts';
import { renderMarkdown } from '../../lib/markdown/render-markdown.ts';

/**
 * POST /api/markdown/preview (members; counted like a write): the renderer that stores posts,
 * comments and announcements, so the editor's preview is exactly what will be stored: `kind`
 * (post unless told) says which, since each starts its headings at its own level.
 */
export const markdownRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app;
  app.post(
    '/api/markdown/preview',
    { onRequest: guards.requireUser, schema: { body: markdownPreviewInputSchema, response: { 200: markdownPreviewSchema } } },
    async (request) => ({ html: renderMarkdown(request.body.markdown, request.body.kind) }),
  );
};
