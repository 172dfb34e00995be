import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_MIN_BYTES, gzip } from '../../lib/compression.ts';
import { acceptsEncoding, matchesEtag } from '../../lib/http-negotiation.ts';

/** A public file's body with its validator (a strong ETag: a hash of the bytes). */
export interface Cacheable {
  body: string;
  etag: string;
}

export const etagOf = (body: string | Buffer): string => `"${createHash('sha1').update(body).digest('base64url')}"`;

export const cacheable = (body: string): Cacheable => ({ body, etag: etagOf(body) });

/** Text worth compressing (a feed, say), compressed once per version, by its ETag. */
const GZIP_KEPT = 32;
const gzipped = new Map<string, Buffer>();

function gzipOf(file: { body: string | Buffer; etag: string }): Buffer | undefined {
  if (typeof file.body !== 'string' || file.body.length < COMPRESS_MIN_BYTES) return undefined;
  let zipped = gzipped.get(file.etag);
  if (!zipped) {
    zipped = gzip(file.body);
    gzipped.set(file.etag, zipped);
    if (gzipped.size > GZIP_KEPT) gzipped.delete(gzipped.keys().next().value as string);
  }
  return zipped;
}

/**
 * Answers a public file that caches may keep for `maxAge` seconds; a reader (a feed reader
 * polling, a crawler) that already holds this version gets 304 and no body. With `gzip` (the
 * same body compressed once, ahead), a reader that accepts gzip gets that instead, under an
 * ETag of its own.
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  given: { body: string | Buffer; etag: string; type: string; maxAge: number; gzip?: Buffer },
): FastifyReply {
  const file = { ...given, gzip: given.gzip ?? gzipOf(given) };
  const compressed = file.gzip !== undefined && acceptsEncoding(request, 'gzip');
  const etag = compressed ? file.etag.replace(/"$/, '-gzip"') : file.etag;
  reply.header('cache-control', `public, max-age=${file.maxAge}`).header('etag', etag).type(file.type);
  if (file.gzip !== undefined) reply.header('vary', 'accept-encoding');
  if (matchesEtag(request, etag)) return reply.code(304).send();
  if (compressed) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}
