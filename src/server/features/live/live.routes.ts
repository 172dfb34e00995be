import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_EVENT_ID } from '#shared/live-events.ts';
import { liveQuerySchema } from '#shared/schemas/live.ts';
import { rateLimited } from '../../lib/app-error.ts';

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards, live } = app;

  // Server-Sent Events (API.md "Live updates"): everyone's events, the member's own (from the
  // session, when there is one) and, with post={id}, that post's. The response is taken over
  // from Fastify, so no hook after the handler (compression among them) can hold it back.
  app.get('/api/events', { onRequest: guards.optionalUser, schema: { querystring: liveQuerySchema } }, async (request, reply) => {
    if (!live.hub.admits(request.ip)) throw rateLimited('Too many open event streams from this address.');
    const header = request.headers['last-event-id'];
    const since = typeof header === 'string' && LIVE_EVENT_ID.test(header) ? header : (request.query.lastEventId ?? null);
    reply.hijack();
    live.hub.open(reply.raw, {
      headers: reply.getHeaders(),
      address: request.ip,
      memberId: request.viewer?.id ?? null,
      postId: request.query.post ?? null,
      since,
    });
  });
};
