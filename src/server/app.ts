import { createHash } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { prepareAuth, type Auth } from './auth/create-auth.ts';
import type { AppConfig } from './config/env.ts';
import type { Dialect } from './db/create-db.ts';
import type { DB } from './db/schema.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { announcementsRoutes } from './features/announcements/announcements.routes.ts';
import { commentsRoutes } from './features/comments/comments.routes.ts';
import { leaderboardRoutes } from './features/leaderboard/leaderboard.routes.ts';
import { membershipRoutes } from './features/membership/membership.routes.ts';
import { memberPostsRoutes } from './features/posts/member-posts.routes.ts';
import { postsRoutes } from './features/posts/posts.routes.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { tagsRoutes } from './features/tags/tags.routes.ts';
import { votesRoutes } from './features/votes/votes.routes.ts';
import { metaRoutes } from './features/meta/meta.routes.ts';
import { uploadsRoutes } from './features/uploads/uploads.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { authPlugin, guards as makeGuards, type Guards } from './plugins/auth.ts';
import { memoryStore, redisStore, useReadCache, type ReadCacheStore } from './lib/read-cache.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';

export interface AppDeps {
  config: AppConfig;
  db: Kysely<DB>;
  dialect: Dialect;
  auth: Auth;
  guards: Guards;
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Kysely<DB>;
  dialect: Dialect;
  auth: Auth;
  /** The built web app (dist/web); null serves the API alone. */
  webRoot?: string | null;
  logger?: boolean;
}

// Never logged: credentials travel in these.
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'body.password', 'body.token'];

/** The keys of everything a deployment keeps in Redis start with this: several sharing one Redis never mix. */
function redisPrefix(config: AppConfig): string {
  const database = createHash('sha256')
    .update(config.databaseUrl ?? config.sqlitePath)
    .digest('hex')
    .slice(0, 16);
  return `code-commons:${database}:`;
}

/**
 * The one Redis connection of this instance (REDIS_URL), shared by the read cache and the rate
 * limits. Start-up waits briefly for it, so the first requests already use it; an unreachable
 * Redis does not stop the server: both degrade (reads computed per request, writes not
 * counted) until it is back.
 */
async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported)
      log.warn({ err: error }, 'Redis is unavailable; reads are computed per request and writes are not rate-limited meanwhile');
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
    const timer = setTimeout(done, REDIS_CONNECT_WAIT_MS);
    redis.once('ready', done).once('error', done);
  });
  return redis;
}
const REDIS_CONNECT_WAIT_MS = 2000;

/**
 * Where answers of the busiest reads are kept between writes (see lib/read-cache.ts): Redis
 * when REDIS_URL is set (shared by every instance); this process for SQLite (its only
 * server); nowhere for PostgreSQL without Redis.
 */
function createReadCacheStore(config: AppConfig, dialect: Dialect, redis: Redis | null): ReadCacheStore | null {
  if (!config.readCache) return null;
  if (redis) return redisStore(redis, `${redisPrefix(config)}read-cache:`);
  return dialect === 'sqlite' ? memoryStore() : null;
}

/** Builds the whole server without listening; main.ts and the tests both use it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db, dialect, auth } = options;
  const app = Fastify({
    logger:
      options.logger === false || config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' } },
    // Two log lines per request cost about 40 % of the throughput at the default level:
    // requests are logged only when asked for (LOG_REQUESTS=on); failures always are.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    trustProxy: config.env === 'production',
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const deps: AppDeps = { config, db, dialect, auth, guards: makeGuards(auth, db) };

  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  const readCache = createReadCacheStore(config, dialect, redis);
  if (readCache) {
    useReadCache(db, readCache);
    app.addHook('onClose', () => readCache.close());
  } else if (redis) {
    // Otherwise the read cache quits the connection it shares with the rate limits.
    app.addHook('onClose', async () => void (await redis.quit()));
  }

  await prepareAuth(auth, config);
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { config });
  // Before the routes: it applies to the routes registered after it (write methods only).
  if (config.rateLimit) await app.register(rateLimitPlugin, { redis, nameSpace: `${redisPrefix(config)}rate-limit:` });
  await app.register(authPlugin, { auth });

  await app.register(metaRoutes, deps);
  await app.register(usersRoutes, deps);
  await app.register(uploadsRoutes, deps);
  await app.register(announcementsRoutes, deps);
  await app.register(tagsRoutes, deps);
  await app.register(postsRoutes, deps);
  await app.register(votesRoutes, deps);
  await app.register(commentsRoutes, deps);
  await app.register(leaderboardRoutes, deps);
  await app.register(memberPostsRoutes, deps);
  await app.register(reportsRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(membershipRoutes, deps);

  await app.register(spaPlugin, { webRoot: options.webRoot ?? null });
  return app;
}
