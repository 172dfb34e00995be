import { createHash } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
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
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'body.password',
  'body.token',
];

/**
 * Where answers of the busiest reads are kept between writes (see lib/read-cache.ts): Redis
 * when REDIS_URL is set (shared by every instance); this process for SQLite (its only
 * server); nowhere for PostgreSQL without Redis.
 */
async function createReadCacheStore(config: AppConfig, dialect: Dialect, log: FastifyBaseLogger): Promise<ReadCacheStore | null> {
  if (config.redisUrl) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    let reported = false;
    redis.on('error', (error: Error) => {
      if (!reported) log.warn({ err: error }, 'Redis is unavailable; cached reads are computed per request meanwhile');
      reported = true;
    });
    redis.on('ready', () => {
      reported = false;
    });
    // Keys name the database they cache, so deployments sharing one Redis never mix answers.
    const database = createHash('sha256').update(config.databaseUrl ?? config.sqlitePath).digest('hex').slice(0, 16);
    return redisStore(redis, `code-commons:${database}:read-cache:`);
  }
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
    disableRequestLogging: !config.logRequests,
    trustProxy: config.env === 'production',
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const deps: AppDeps = { config, db, dialect, auth, guards: makeGuards(auth, db) };

  const readCache = await createReadCacheStore(config, dialect, app.log);
  if (readCache) {
    useReadCache(db, readCache);
    app.addHook('onClose', () => readCache.close());
  }

  await prepareAuth(auth, config);
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { config });
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
