import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { cachedRead } from './read-cache.ts';

/**
 * Answers a public read from what is kept between writes (see read-cache.ts): the answer is
 * computed and serialized through the route's response schema once per version, and kept as
 * JSON text, so a kept answer costs neither a query nor a serialization.
 */
export async function replyFromCache(
  db: Kysely<DB>,
  reply: FastifyReply,
  key: string,
  compute: () => Promise<{ body: unknown; totalCount?: number }>,
): Promise<FastifyReply> {
  const kept = await cachedRead(db, key, async () => {
    const { body, totalCount } = await compute();
    return { json: reply.serialize(body) as string, totalCount };
  });
  if (kept.totalCount !== undefined) reply.header('x-total-count', String(kept.totalCount));
  return reply.type('application/json; charset=utf-8').send(kept.json);
}
