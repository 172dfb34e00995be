import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one Redis connection of this instance (REDIS_URL), or null. */
    redis: Redis | null;
    /** Every key this deployment keeps in Redis starts with this: several sharing one Redis never mix. */
    redisPrefix: string;
  }
}

/**
 * Names the deployment by its database, so instances of one forum share keys and others do not.
 * On PostgreSQL that is the cluster's own identifier and the database's name, not the URL: one
 * instance may reach it as 127.0.0.1 and another as localhost or through a pooler, and their
 * limits, kept answers and events must still be one.
 */
async function redisPrefixFor(app: FastifyInstance): Promise<string> {
  let identity = app.config.sqlitePath;
  if (app.config.databaseUrl) {
    const { rows } = await sql<{ cluster: string; name: string }>`select system_identifier::text as cluster, current_database() as name
      from pg_control_system()`.execute(app.db);
    identity = `postgres:${rows[0]?.cluster}:${rows[0]?.name}`;
  }
  return `code-commons:${createHash('sha256').update(identity).digest('hex').slice(0, 16)}:`;
}

const CONNECT_WAIT_MS = 2000;
/**
 * A Redis that stops answering without closing the connection (a network dropping packets, a
 * Redis paused) would hold every request that uses it for as long: ioredis waits for ever, and
 * TCP some fifteen minutes before it gives up. So a call unanswered this long fails (its user
 * does without Redis), and a connection that has answered nothing this long is made again.
 */
export const COMMAND_TIMEOUT_MS = 1000;
export const SOCKET_TIMEOUT_MS = 2000;

/**
 * Start-up waits briefly for Redis, so the first requests already use it; an unreachable Redis
 * does not stop the server: what uses it degrades (reads computed per request, writes not
 * counted, sign-in and reset-mail limits counted per instance) until it is back.
 */
async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    commandTimeout: COMMAND_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported)
      log.warn(
        { err: error },
        'Redis is unavailable; meanwhile reads are computed per request, writes are not rate-limited and sign-in limits are counted per instance',
      );
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done).off('error', done);
      resolve();
    };
    const timer = setTimeout(done, CONNECT_WAIT_MS);
    redis.once('ready', done).once('error', done);
  });
  return redis;
}

/** Redis when REDIS_URL is set: shared by the read cache and the rate limits. */
export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    const redis = app.config.redisUrl ? await connectRedis(app.config.redisUrl, app.log) : null;
    app.decorate('redis', redis);
    app.decorate('redisPrefix', await redisPrefixFor(app));
    if (redis) {
      app.addHook('onClose', async () => {
        // QUIT lets Redis finish what was sent; a connection that is down (Redis away) has no
        // one to tell and is dropped, or the close would fail and the server exit 1 on SIGTERM.
        if (redis.status !== 'ready') return void redis.disconnect();
        await redis.quit().catch(() => redis.disconnect());
      });
    }
  },
  { name: 'redis', dependencies: ['db'] },
);
