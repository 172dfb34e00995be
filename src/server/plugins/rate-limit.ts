import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimited } from '../lib/app-error.ts';

/** Writes a member may make a minute: more than anyone posting, commenting and voting by hand, too few for a script flooding the forum. */
export const WRITES_PER_MINUTE = 30;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Better Auth limits /api/auth/* itself; Stripe's webhook must never be refused; the comment
// counts are a read sent as POST (a list of post ids), asked for by anonymous visitors.
const UNLIMITED = new Set(['/api/payments/webhook', '/api/individual-comment-counts']);

/** Whether a route spends the writes budget: a write method under /api, but none of the above. */
export function isLimitedWrite(method: string | string[], url: string): boolean {
  const methods = Array.isArray(method) ? method : [method];
  return (
    methods.some((m) => WRITE_METHODS.has(m.toUpperCase())) &&
    url.startsWith('/api/') &&
    !url.startsWith('/api/auth/') &&
    !UNLIMITED.has(url)
  );
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=([^;]+)/;

/**
 * Who a write is counted against. Every write route resolves its member in an onRequest
 * guard, and the library appends its own onRequest hook after the route's, so the member is
 * usually known here: writes count per member, however many sessions or addresses they use.
 * Should a route resolve its member later, the session credential stands in for the member
 * (hashed: the store never holds a usable token); a request without one counts per address.
 */
function writerKey(request: FastifyRequest): string {
  if (request.viewer) return `member:${request.viewer.id}`;
  const authorization = request.headers.authorization;
  const credential = authorization?.toLowerCase().startsWith('bearer ')
    ? authorization.slice(7).trim()
    : SESSION_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  if (credential) return `session:${createHash('sha256').update(credential).digest('base64url').slice(0, 32)}`;
  return `ip:${request.ip}`;
}

/**
 * Limits writes under /api to WRITES_PER_MINUTE per member (see writerKey), answering 429
 * RATE_LIMITED in the one error shape with `retry-after`. Reads are never counted. Counted in
 * Redis when REDIS_URL is set (one budget across instances), in this process otherwise.
 * Registered by buildApp before the routes, only when RATE_LIMIT is on.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const { redis } = app;
    // Added before the library's own onRoute hook, so it runs first: every route that is not a
    // limited write opts out, and costs nothing per request. A route's explicit setting wins
    // (a mail's one-click unsubscribe counts per member its token names: mail.routes.ts).
    app.addHook('onRoute', (route) => {
      if (route.config?.rateLimit !== undefined) return;
      if (!isLimitedWrite(route.method, route.url)) route.config = { ...route.config, rateLimit: false };
    });

    await app.register(rateLimit, {
      // Global settings, not per-route ones: routes with their own settings keep their own
      // counts, while these share one store, so one budget spans all writes.
      global: true,
      max: WRITES_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: writerKey,
      ...(redis ? { redis, nameSpace: `${app.redisPrefix}rate-limit:` } : {}),
      // An unreachable Redis lets writes through rather than failing them (as the read cache
      // computes answers meanwhile); app.ts logs that Redis is down.
      skipOnError: true,
      errorResponseBuilder: () => rateLimited(),
    });
  },
  { name: 'rate-limit', dependencies: ['error-handler', 'redis'] },
);
