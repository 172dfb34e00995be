import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_HEADER } from '#shared/page.ts';
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
  // An answer computed for this request alone is sent as it is.
  return reply.type('application/json; charset=utf-8').send(cache ? bytesOf(kept) : kept.json);
}

/**
 * A kept answer's body as bytes, encoded once per answer rather than once per request (the
 * stores hand out the same object while it is current; a home page is some 13 kB).
 */
const encoded = new WeakMap<object, Buffer>();
function bytesOf(kept: { json: string }): Buffer {
  let bytes = encoded.get(kept);
  if (!bytes) {
    bytes = Buffer.from(kept.json);
    encoded.set(kept, bytes);
  }
  return bytes;
}
