import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_EVENT_ID, LIVE_EVENT_NAMES } from '#shared/live-events.ts';
import { liveQuerySchema } from '#shared/schemas/live.ts';
import { addressKey } from '../../lib/address-key.ts';
import { rateLimited } from '../../lib/app-error.ts';

/**
 * The security headers an event stream keeps: those that hold for any response. The ones that
 * only mean something for a document (the content security policy, frame options, …) are left
 * off: a stream is never rendered, and each header is kept, as sent, for as long as the stream is
 * open.
 */
const STREAM_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy', 'strict-transport-security'];

/** The events the stream carries, as the API document names them. */
const eventNames = `${LIVE_EVENT_NAMES.slice(0, -1).join(', ')} and ${LIVE_EVENT_NAMES.at(-1)}`;

/** Module-level: a closure made in the handler would keep the handler's reply alive. */
const ignore = () => {};

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards, live } = app;

  // Server-Sent Events (API.md "Live updates"): everyone's events, the member's own (from the
  // session, when there is one) and, with post={id}, that post's. The response is taken over
  // from Fastify, so no hook after the handler (compression among them) can hold it back.
  app.get(
    '/api/events',
    {
      onRequest: guards.optionalUser,
      // Never compressed (ADR 0011): an event held back by a compressor would arrive late.
      compress: false,
      config: { errors: [429] },
      schema: {
        summary:
          `Live updates: a Server-Sent Events stream (text/event-stream) of ${eventNames} events (a post's own with post={id}); ` +
          'Last-Event-ID replays what was missed; 429 beyond the open streams allowed per address',
        querystring: liveQuerySchema,
      },
    },
    async (request, reply) => {
      // HEAD asks what a GET would be answered, not for a stream: headers only, no place taken.
      if (request.method === 'HEAD') {
        return reply.type('text/event-stream; charset=utf-8').header('cache-control', 'no-cache, no-store, no-transform').send();
      }
      // One client: an IPv4 address, or an IPv6 /64 (lib/address-key.ts).
      const address = addressKey(request.ip);
      if (!live.hub.admits(address)) throw rateLimited('Too many open event streams from this address.');
      const header = request.headers['last-event-id'];
      const since = typeof header === 'string' && LIVE_EVENT_ID.test(header) ? header : (request.query.lastEventId ?? null);
      reply.hijack();
      // Fastify's listeners for the end of a reply would hold its request and reply objects for
      // as long as the stream is open (a few KiB each); a taken-over reply has no end to log.
      reply.raw.removeAllListeners('finish').removeAllListeners('error').on('error', ignore);
      live.hub.open(reply.raw, {
        headers: Object.fromEntries(STREAM_HEADERS.map((name) => [name, reply.getHeader(name)]).filter(([, value]) => value !== undefined)),
        address,
        // The member's stream lasts as long as the session it was opened with (live.hub.ts).
        member: request.viewer && request.viewerSession ? { id: request.viewer.id, session: request.viewerSession } : null,
        postId: request.query.post ?? null,
        since,
      });
    },
  );
};
