import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isPostgres } from '../db/engine.ts';
import { memoryStore, ReadCache, redisStore } from '../lib/read-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers of the busiest reads kept between writes (lib/read-cache.ts), or null. */
    readCache: ReadCache | null;
  }
}

/**
 * Where the kept answers live decides who sees them: Redis when REDIS_URL is set (every
 * instance); this process on SQLite (a SQLite database has exactly one server process);
 * nowhere on PostgreSQL without Redis (it may run several instances). READ_CACHE=off: nowhere.
 */
export const readCachePlugin = fp(
  async (app: FastifyInstance) => {
    const { config, redis } = app;
    let cache: ReadCache | null = null;
    if (config.readCache && redis) cache = new ReadCache(redisStore(redis, `${app.redisPrefix}read-cache:`));
    else if (config.readCache && !isPostgres(app.db)) cache = new ReadCache(memoryStore());
    app.decorate('readCache', cache);
    // A Redis store shares the connection the redis plugin closes.
    if (cache && !redis) app.addHook('onClose', () => cache.close());
  },
  { name: 'read-cache', dependencies: ['db', 'redis'] },
);
