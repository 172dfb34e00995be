import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/app-error.ts';

// Parsed JSON is a tree; a body this deep is not one the forum's calls take.
const MAX_DEPTH = 32;

/** Where in `value` a string holds U+0000, as a dotted path under `at`; undefined when none does. */
export function nulPath(value: unknown, at: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? at : undefined;
  // A Buffer (an upload, Stripe's signed webhook) is bytes, not text.
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = (key.includes('\0') ? `${at}.${key}` : undefined) ?? nulPath(item, `${at}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * A call's text with a NUL character is refused, wherever in the request it comes: PostgreSQL
 * cannot store it in a text column (the statement fails), while SQLite stores it and its text
 * functions stop at it. No one types one, so a call carrying one is answered 400 before any route
 * reads it, and both engines answer alike. Pages (outside /api) are addresses, not data: the web
 * app answers an unknown one as it answers any other.
 */
export const nulTextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const path = nulPath(request.params, 'params') ?? nulPath(request.query, 'querystring') ?? nulPath(request.body, 'body');
      if (path) throw badRequest('Text may not contain the NUL character.', [{ path, message: 'contains U+0000' }]);
    });
  },
  { name: 'nul-text' },
);
