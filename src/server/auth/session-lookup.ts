import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Kysely } from 'kysely';
import { type Args, prepared } from '../db/prepared.ts';
import type { DB } from '../db/schema.ts';
import type { Auth } from './create-auth.ts';

/**
 * The common case of "who is calling", answered with one indexed read instead of a trip
 * through Better Auth's endpoint machinery (a web Request, two signature checks through
 * WebCrypto, its adapter and output transforms): a well-formed bearer token or signed
 * session cookie, a live session that needs no refresh. It reads the same rows Better Auth
 * reads (sessions by token, joined to users), so a revoked session (sign-out, ban) stops
 * working at once. Everything else — expired sessions (Better Auth deletes them), sessions
 * due for their rolling refresh (a write), "don't remember me" sessions, malformed or
 * unusual credentials — returns SLOW_PATH and goes through Better Auth as before.
 */

export const SLOW_PATH = Symbol('slow-path');

export interface SessionSettings {
  secret: string;
  sessionCookie: string;
  dontRememberCookie: string;
  expiresInMs: number;
  updateAgeMs: number;
}

export interface SessionUserRow {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: string;
  membership: string;
  banned_at: string | null;
  session_id: string;
  expires_at: Date | string;
}

export async function sessionSettings(auth: Auth): Promise<SessionSettings> {
  const ctx = await auth.$context;
  return {
    secret: ctx.secret,
    sessionCookie: ctx.authCookies.sessionToken.name,
    dontRememberCookie: ctx.authCookies.dontRememberToken.name,
    expiresInMs: ctx.sessionConfig.expiresIn * 1000,
    updateAgeMs: ctx.sessionConfig.updateAge * 1000,
  };
}

const RAW_TOKEN = /^[A-Za-z0-9_-]+$/;
const SIGNED_TOKEN = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9+/]{43}=)$/;

function tryDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The token of a `token.signature` value signed with the secret (HMAC-SHA256, base64), or null. */
function verifiedToken(value: string, secret: string): string | null {
  const match = SIGNED_TOKEN.exec(value);
  if (!match) return null;
  const [, token, signature] = match as unknown as [string, string, string];
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The first value of a cookie, parsed the way Better Auth's cookie reader does. */
function cookieValue(header: string, name: string): string | undefined {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf('=', index);
    if (eq === -1) return undefined;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      return tryDecode(value);
    }
    index = end + 1;
  }
  return undefined;
}

/**
 * The session token the request carries: null when it carries none (Better Auth answers
 * "no session" too), SLOW_PATH when Better Auth must decide.
 */
export function sessionTokenOf(headers: IncomingHttpHeaders, settings: SessionSettings): string | null | typeof SLOW_PATH {
  const authorization = headers.authorization;
  if (authorization && authorization.slice(0, 7).toLowerCase() === 'bearer ') {
    const token = authorization.slice(7).trim();
    if (token) {
      // The bearer plugin signs a bare token itself; a signed one must verify.
      if (!token.includes('.')) return RAW_TOKEN.test(token) ? token : SLOW_PATH;
      return verifiedToken(token.includes('%') ? tryDecode(token) : token, settings.secret) ?? SLOW_PATH;
    }
  }
  const cookie = headers.cookie;
  if (!cookie || !cookie.includes(settings.sessionCookie)) return null;
  if (cookie.includes(settings.dontRememberCookie)) return SLOW_PATH;
  const value = cookieValue(cookie, settings.sessionCookie);
  if (value === undefined) return null;
  return verifiedToken(value, settings.secret) ?? SLOW_PATH;
}

const sessionUser = prepared((db, a: Args<{ token: string }>) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.email', 'u.name', 'u.image', 'u.role', 'u.membership', 'u.banned_at', 's.id as session_id', 's.expires_at'])
    .where('s.token', '=', a.token),
);

export async function findSessionUser(db: Kysely<DB>, token: string): Promise<SessionUserRow | undefined> {
  return sessionUser.executeTakeFirst(db, { token });
}

/** Whether Better Auth would answer this session as it stands: alive and not due for a refresh. */
export function isCurrent(row: SessionUserRow, settings: SessionSettings, now = Date.now()): boolean {
  const expiresAt = new Date(row.expires_at).getTime();
  return expiresAt >= now && expiresAt - settings.expiresInMs + settings.updateAgeMs > now;
}

/** Sessions' expiry (milliseconds) by id, as stored now; a session that is gone is not in the map. */
export async function findSessionExpiries(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, number>> {
  const expiries = new Map<string, number>();
  // A few hundred ids a statement, well within either engine's limit on parameters.
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('sessions')
      .select(['id', 'expires_at'])
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) expiries.set(row.id, new Date(row.expires_at).getTime());
  }
  return expiries;
}
