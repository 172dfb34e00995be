import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A public file's body with its validator (a strong ETag: a hash of the bytes). */
export interface Cacheable {
  body: string;
  etag: string;
}

export const etagOf = (body: string | Buffer): string => `"${createHash('sha1').update(body).digest('base64url')}"`;

export const cacheable = (body: string): Cacheable => ({ body, etag: etagOf(body) });

/** Whether the request's If-None-Match names this ETag (a list, weak or not, or `*`). */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Answers a public file that caches may keep for `maxAge` seconds; a reader (a feed reader
 * polling, a crawler) that already holds this version gets 304 and no body.
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { body: string | Buffer; etag: string; type: string; maxAge: number },
): FastifyReply {
  reply.header('cache-control', `public, max-age=${file.maxAge}`).header('etag', file.etag).type(file.type);
  if (matches(request, file.etag)) return reply.code(304).send();
  return reply.send(file.body);
}
