import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_HEADER } from '#shared/page.ts';
import { COMPRESS_MIN_BYTES, gzip } from './compression.ts';
import { acceptsEncoding } from './http-negotiation.ts';
import type { ReadCache } from './read-cache.ts';

/**
 * Answers a public read from what is kept between writes (see read-cache.ts): the answer is
 * computed and serialized through the route's response schema once per version, and kept as
 * JSON text, so a kept answer costs neither a query nor a serialization. Without a cache
 * (READ_CACHE=off, or PostgreSQL without Redis) it is computed every time.
 */
export async function replyFromCache(
  cache: ReadCache | null,
  reply: FastifyReply,
  key: string,
  /** The answer, and the tags of read-cache.ts it depends on beyond ALL (the posts it shows, say). */
  compute: () => Promise<{ body: unknown; totalCount?: number; tags?: readonly string[] }>,
): Promise<FastifyReply> {
  let tags: readonly string[] = [];
  const serialize = async () => {
    const computed = await compute();
    tags = computed.tags ?? [];
    return { json: reply.serialize(computed.body) as string, totalCount: computed.totalCount };
  };
  const kept = cache ? await cache.read(key, serialize, () => tags) : await serialize();
  if (kept.totalCount !== undefined) reply.header(TOTAL_COUNT_HEADER, String(kept.totalCount));
  reply.type('application/json; charset=utf-8');
  // An answer computed for this request alone is sent as it is (plugins/compression.ts
  // compresses it, as any other JSON answer).
  if (!cache) return reply.send(kept.json);
  const bytes = encodedOf(kept);
  if (bytes.plain.length < COMPRESS_MIN_BYTES) return reply.send(bytes.plain);
  // The same answer in either encoding: no ETag or Cache-Control to tell apart, only Vary.
  reply.header('vary', 'accept-encoding');
  if (!acceptsEncoding(reply.request, 'gzip')) return reply.send(bytes.plain);
  return reply.header('content-encoding', 'gzip').send((bytes.gzip ??= gzip(bytes.plain)));
}

/**
 * A kept answer's body as bytes, encoded once per answer rather than once per request (the
 * stores hand out the same object while it is current; a home page is some 13 kB), and
 * gzipped once, on the first request that accepts it (some 2.5 kB).
 */
const encoded = new WeakMap<object, { plain: Buffer; gzip?: Buffer }>();
function encodedOf(kept: { json: string }): { plain: Buffer; gzip?: Buffer } {
  let bytes = encoded.get(kept);
  if (!bytes) {
    bytes = { plain: Buffer.from(kept.json) };
    encoded.set(kept, bytes);
  }
  return bytes;
}
