import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.ts';
import type { Database } from './db/create-db.ts';
import { inlineScriptHashes } from './lib/inline-scripts.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { announcementsRoutes } from './features/announcements/announcements.routes.ts';
import { commentsRoutes } from './features/comments/comments.routes.ts';
import { liveRoutes } from './features/live/live.routes.ts';
import { leaderboardRoutes } from './features/leaderboard/leaderboard.routes.ts';
import { mailRoutes } from './features/mail/mail.routes.ts';
import { markdownRoutes } from './features/markdown/markdown.routes.ts';
import { membersRoutes } from './features/members/members.routes.ts';
import { membershipRoutes } from './features/membership/membership.routes.ts';
import { metaRoutes } from './features/meta/meta.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { openApiPlugin } from './features/platform/openapi.ts';
import { feedsRoutes } from './features/platform/feeds.routes.ts';
import { platformRoutes } from './features/platform/platform.routes.ts';
import { memberPostsRoutes } from './features/posts/member-posts.routes.ts';
import { postsRoutes } from './features/posts/posts.routes.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { tagsRoutes } from './features/tags/tags.routes.ts';
import { uploadsRoutes } from './features/uploads/uploads.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { votesRoutes } from './features/votes/votes.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { dbPlugin } from './plugins/db.ts';
import { livePlugin } from './plugins/live.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { clientError, errorHandlerPlugin, frameworkError } from './plugins/error-handler.ts';
import { mailPlugin } from './plugins/mail.ts';
import { nulTextPlugin } from './plugins/nul-text.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { readCachePlugin } from './plugins/read-cache.ts';
import { redisPlugin } from './plugins/redis.ts';
import { searchCatchUpPlugin } from './plugins/search-catch-up.ts';
import { securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';
import { writePathPlugin } from './plugins/write-path.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route this app serves (method and URL pattern), in the order registered. */
    routeTable: ReadonlyArray<{ method: string; url: string }>;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** The opened, migrated database; whoever opened it closes it. */
  database: Database;
  /** The built web app (dist/web); null serves the API alone. */
  webRoot?: string | null;
  /** The module that renders the browser app's first view on the server (plugins/spa.ts). */
  rendererModule?: string | null;
  logger?: boolean;
  /** Where the log goes instead of standard output (a test reading what was logged). */
  logStream?: { write(line: string): void };
}

// Never logged: credentials travel in these.
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'body.password', 'body.token'];

/**
 * Builds the whole server without listening; serve.ts and the tests both use it. Plugins come
 * first, each declaring what it decorates the app with and what it needs (the configuration
 * and database, Redis, the read cache, the write path, Better Auth and its guards); then the
 * routes, which read what they need from the app.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false || config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT, censor: '[redacted]' },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Two log lines per request cost about 40 % of the throughput at the default level:
    // requests are logged only when asked for (LOG_REQUESTS=on); failures always are.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    // X-Forwarded-For only from our own proxies, read back to the first hop that is not one: the
    // rest is whatever the client sent, and an address it chose would escape every per-address limit.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies.join(',') : false,
    bodyLimit: 256 * 1024,
    // An email (up to 254 characters, more once URL-encoded) is a path parameter of several
    // calls; the router's default limit (100) answered 404 for long ones. Values are still
    // checked by each route's schema.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeTable: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.decorate('routeTable', routeTable);

  await app.register(dbPlugin, { config, database });
  await app.register(redisPlugin);
  await app.register(readCachePlugin);
  await app.register(mailPlugin);
  await app.register(livePlugin);
  await app.register(writePathPlugin);
  // Search documents of an older terms' rule, made again in the background once ready.
  await app.register(searchCatchUpPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(nulTextPlugin);
  // The CSP allows the inline scripts of the web app's own index.html, by their hashes.
  const indexFile = options.webRoot ? path.join(options.webRoot, 'index.html') : null;
  const inlineScripts = indexFile && existsSync(indexFile) ? inlineScriptHashes(readFileSync(indexFile, 'utf8')) : [];
  await app.register(securityPlugin, { inlineScripts });
  // Before the routes: it applies to the routes registered after it (the API's JSON).
  await app.register(compressionPlugin);
  // Before the routes: it applies to the routes registered after it (write methods only).
  if (config.rateLimit) await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  // Before the routes: it documents each one as it is added (Better Auth's by hand).
  await app.register(openApiPlugin);

  for (const routes of [
    metaRoutes,
    usersRoutes,
    uploadsRoutes,
    announcementsRoutes,
    tagsRoutes,
    postsRoutes,
    votesRoutes,
    commentsRoutes,
    markdownRoutes,
    searchRoutes,
    leaderboardRoutes,
    memberPostsRoutes,
    reportsRoutes,
    adminRoutes,
    membershipRoutes,
    membersRoutes,
    notificationsRoutes,
    mailRoutes,
    liveRoutes,
    // robots.txt, the sitemap, icons, manifest and feeds: before the web app's fallback.
    platformRoutes,
    feedsRoutes,
  ]) {
    await app.register(routes);
  }

  await app.register(spaPlugin, { webRoot: options.webRoot ?? null, rendererModule: options.rendererModule ?? null });
  return app;
}
