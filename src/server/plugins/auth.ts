import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { toMembership, toRole } from '#shared/constants.ts';
import type { Viewer } from '#shared/permissions.ts';
import type { Kysely } from 'kysely';
import { BANNED_MESSAGE } from '../auth/ban-list.ts';
import { CLIENT_IP_HEADER, createAuth, prepareAuth, type Auth } from '../auth/create-auth.ts';
import { memoryRateLimitStorage, redisRateLimitStorage } from '../auth/rate-limit-storage.ts';
import { SLOW_PATH, findSessionUser, isCurrent, sessionSettings, sessionTokenOf, type SessionSettings } from '../auth/session-lookup.ts';
import type { DB } from '../db/schema.ts';
import { banned, forbidden, unauthenticated } from '../lib/app-error.ts';
import { codeForStatus } from '#shared/error-codes.ts';

export interface SessionViewer extends Viewer {
  name: string;
  image: string | null;
}

/** The session a viewer was read from: its id, and when it expires (milliseconds) as read. */
export interface ViewerSession {
  id: string;
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: SessionViewer | null;
    /** With a viewer, the session it came from: for what outlives the request (an event stream). */
    viewerSession: ViewerSession | null;
  }
  interface FastifyInstance {
    /** Better Auth, on our database. */
    auth: Auth;
    /** onRequest guards that resolve the session into `request.viewer`. */
    guards: Guards;
  }
}

function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else headers.set(key, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

interface SignedIn {
  viewer: SessionViewer;
  session: ViewerSession;
}

/** Resolves the Better Auth session (cookie or bearer token) through Better Auth itself. */
async function viewerThroughBetterAuth(auth: Auth, request: FastifyRequest): Promise<SignedIn | null> {
  const result = await auth.api.getSession({ headers: toWebHeaders(request), query: { disableRefresh: false } });
  if (!result) return null;
  const user = result.user as typeof result.user & { role?: string; membership?: string; bannedAt?: string | null };
  return {
    viewer: toViewer({ ...user, image: user.image ?? null, banned_at: user.bannedAt ?? null }),
    // As refreshed, when this read extended it.
    session: { id: result.session.id, expiresAt: new Date(result.session.expiresAt).getTime() },
  };
}

function toViewer(user: {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role?: string;
  membership?: string;
  banned_at: string | null;
}): SessionViewer {
  if (user.banned_at) throw banned();
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    image: user.image,
    role: toRole(user.role),
    membership: toMembership(user.membership),
  };
}

/**
 * Resolves the session (cookie or bearer token) into a viewer, or null. A request without
 * credentials costs nothing; a live session costs one indexed read (see session-lookup.ts);
 * anything else is Better Auth's to decide. Bans hold at once on every path: the ban deletes
 * the member's sessions, and a banned_at on the account is refused here as well.
 */
function viewerLoader(auth: Auth, db: Kysely<DB>) {
  let settings: Promise<SessionSettings> | null = null;
  return async function loadViewer(request: FastifyRequest): Promise<SignedIn | null> {
    const resolved = await (settings ??= sessionSettings(auth));
    const token = sessionTokenOf(request.headers, resolved);
    if (token === null) return null;
    if (token !== SLOW_PATH) {
      const row = await findSessionUser(db, token);
      if (!row) return null;
      if (isCurrent(row, resolved)) {
        return { viewer: toViewer(row), session: { id: row.session_id, expiresAt: new Date(row.expires_at).getTime() } };
      }
    }
    return viewerThroughBetterAuth(auth, request);
  };
}

/** preHandlers: resolve the session only on routes that need it, so public reads cost nothing. */
export function guards(auth: Auth, db: Kysely<DB>) {
  const loadViewer = viewerLoader(auth, db);
  const optionalUser = async (request: FastifyRequest) => {
    const signedIn = await loadViewer(request);
    request.viewer = signedIn?.viewer ?? null;
    request.viewerSession = signedIn?.session ?? null;
  };
  const requireUser = async (request: FastifyRequest) => {
    const signedIn = await loadViewer(request);
    if (!signedIn) throw unauthenticated();
    request.viewer = signedIn.viewer;
    request.viewerSession = signedIn.session;
  };
  const requireAdmin = async (request: FastifyRequest) => {
    await requireUser(request);
    if (request.viewer?.role !== 'Admin') throw forbidden('Only administrators can do that.');
  };
  return { optionalUser, requireUser, requireAdmin };
}
export type Guards = ReturnType<typeof guards>;

/** onSend: a personal answer is not to be stored, unless the route said otherwise (the event stream). */
async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return payload;
}

/**
 * Better Auth on our database (app.auth) and the guards (app.guards); mounts its handler at
 * /api/auth/* and rewrites its errors into the one error shape.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const rateLimitStorage = app.redis ? redisRateLimitStorage(app.redis, `${app.redisPrefix}auth-rate-limit:`) : undefined;
    const emailLimit = app.redis ? redisRateLimitStorage(app.redis, `${app.redisPrefix}reset-mail-limit:`) : memoryRateLimitStorage();
    const signInLimit = app.redis ? redisRateLimitStorage(app.redis, `${app.redisPrefix}sign-in-email-limit:`) : memoryRateLimitStorage();
    const auth = createAuth({
      config: app.config,
      db: app.db,
      writes: app.writePath,
      rateLimitStorage,
      signInLimit,
      passwordReset: { mailer: app.mailer, emailLimit },
      log: app.log,
    });
    await prepareAuth(auth, app.config);
    app.decorate('auth', auth);
    const routeGuards = guards(auth, app.db);
    app.decorate('guards', routeGuards);
    app.decorateRequest('viewer', null);
    app.decorateRequest('viewerSession', null);
    // An answer that reads the session is the member's own (their notifications, their email):
    // no cache, shared or the browser's, may keep it. Public answers keep their own headers.
    const sessionGuards: unknown[] = Object.values(routeGuards);
    app.addHook('onRoute', (route) => {
      const hooks: unknown[] = [route.onRequest ?? [], route.preHandler ?? []].flat();
      if (!route.url.startsWith('/api/auth/') && !hooks.some((hook) => sessionGuards.includes(hook))) return;
      route.onSend = [route.onSend ?? []].flat().concat(noStore);
    });

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      async handler(request: FastifyRequest, reply: FastifyReply) {
        const url = new URL(request.url, 'http://internal');
        const target = new URL(url.pathname + url.search, auth.options.baseURL as string);
        const hasBody = request.method !== 'GET' && request.body !== undefined;
        const response = await auth.handler(
          new Request(target, {
            method: request.method,
            headers: toWebHeaders(request),
            body: hasBody ? JSON.stringify(request.body) : undefined,
          }),
        );
        reply.status(response.status);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
        });
        // Better Auth says when to try again in its own header; HTTP's is Retry-After, which
        // our own limits send, so a client reads every 429 alike.
        const retryAfter = response.headers.get('x-retry-after');
        if (response.status === 429 && retryAfter && !response.headers.has('retry-after')) reply.header('retry-after', retryAfter);
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        const text = response.body ? await response.text() : '';
        if (response.status >= 400) {
          let message = response.statusText || 'Request failed.';
          let authCode: unknown;
          try {
            const parsed = JSON.parse(text) as { message?: unknown; code?: unknown };
            if (typeof parsed.message === 'string' && parsed.message) message = parsed.message;
            authCode = parsed.code;
          } catch {
            // Non-JSON error bodies keep the status text.
          }
          // A wrong current password on a password change: named as the field refused, as our own
          // 400s name theirs, so the form shows it on "Current password" and not on the new one.
          const details =
            url.pathname === '/api/auth/change-password' && authCode === 'INVALID_PASSWORD'
              ? [{ path: 'currentPassword', message }]
              : undefined;
          return reply.header('content-type', 'application/json; charset=utf-8').send({
            message,
            code: message === BANNED_MESSAGE ? 'BANNED' : codeForStatus(response.status),
            ...(details ? { details } : {}),
          });
        }
        return reply.send(text === '' ? null : text);
      },
    });
  },
  { name: 'auth', dependencies: ['error-handler', 'db', 'redis', 'write-path', 'mail'] },
);
