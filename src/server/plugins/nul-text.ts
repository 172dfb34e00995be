import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/app-error.ts';

// Parsed JSON is a tree; a body this deep is not one the forum's calls take.
const MAX_DEPTH = 32;

/**
 * Where in `value` a string (or a key) `holds` what is looked for, or (when `deep` counts) an
 * object or array sits deeper than MAX_DEPTH, as a dotted path under `at`; undefined when none does.
 */
function treePath(value: unknown, at: string, holds: (text: string) => boolean, deep: boolean, depth = 0): string | undefined {
  if (typeof value === 'string') return holds(value) ? at : undefined;
  // A Buffer (an upload, Stripe's signed webhook) is bytes, not text.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  if (depth > MAX_DEPTH) return deep ? at : undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = (holds(key) ? `${at}.${key}` : undefined) ?? treePath(item, `${at}.${key}`, holds, deep, depth + 1);
    if (found) return found;
  }
  return undefined;
}

const textPath = (value: unknown, at: string, holds: (text: string) => boolean) => treePath(value, at, holds, false);

/** Where in `value` a string holds U+0000, as a dotted path under `at`; undefined when none does. */
export const nulPath = (value: unknown, at: string): string | undefined => textPath(value, at, (text) => text.includes('\0'));

/** Half of a UTF-16 surrogate pair with no other half (in `u` mode, a whole pair is one code point, not matched). */
const HALF_PAIR = /[\uD800-\uDFFF]/u;
/** Either of the two, so a request is walked once; only a refused one is walked again, to say why. */
const NUL_OR_HALF_PAIR = /[\0\uD800-\uDFFF]/u;

/** Where in `value` a string holds half a surrogate pair, as a dotted path under `at`; undefined when none does. */
export const halfPairPath = (value: unknown, at: string): string | undefined => textPath(value, at, (text) => HALF_PAIR.test(text));

/** Where in `value` an object or array sits deeper than MAX_DEPTH, as a dotted path under `at`; undefined when none does. */
export const deepPath = (value: unknown, at: string): string | undefined => treePath(value, at, () => false, true);

const requestPath = (
  find: (value: unknown, at: string) => string | undefined,
  request: { params: unknown; query: unknown; body: unknown },
) => find(request.params, 'params') ?? find(request.query, 'querystring') ?? find(request.body, 'body');

/**
 * A call's text with a NUL character is refused, wherever in the request it comes: PostgreSQL
 * cannot store it in a text column (the statement fails), while SQLite stores it and its text
 * functions stop at it. No one types one, so a call carrying one is answered 400 before any route
 * reads it, and both engines answer alike. So is text with half of a surrogate pair (JSON's
 * "\ud800" alone), which is no character at all: each engine stores it as replacement characters,
 * one on PostgreSQL and three on SQLite, so the text read back was never the text sent, and the
 * same edit sent again counted as a change each time. A body nested deeper than any call takes is
 * refused too, before anything walks it recursively and runs out of stack (Better Auth's handler
 * is given the body serialised again). Pages (outside /api) are addresses, not data: the web app
 * answers an unknown one as it answers any other.
 */
export const nulTextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      if (!requestPath((value, at) => treePath(value, at, (text) => NUL_OR_HALF_PAIR.test(text), true), request)) return;
      const deep = requestPath(deepPath, request);
      if (deep) throw badRequest('The request is nested too deeply.', [{ path: deep, message: `nests more than ${MAX_DEPTH} levels` }]);
      const nul = requestPath(nulPath, request);
      if (nul) throw badRequest('Text may not contain the NUL character.', [{ path: nul, message: 'contains U+0000' }]);
      const halfPair = requestPath(halfPairPath, request);
      if (halfPair) throw badRequest('Text must be valid Unicode.', [{ path: halfPair, message: 'contains half of a surrogate pair' }]);
    });
  },
  { name: 'nul-text' },
);
