import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { cacheable, etagOf, sendCacheable, type Cacheable } from './cacheable-reply.ts';
import { FAVICON_SVG, Icons, isIconName, MANIFEST_ICONS } from './icons.ts';
import { robotsTxt } from './robots.ts';
import { buildSitemap } from './sitemap.ts';

const DAY = 86_400;
const HOUR = 3_600;

/** The app's colours: the top bar's surface and the page's canvas (src/web/styles.css). */
const THEME_COLOUR = '#ffffff';
const BACKGROUND_COLOUR = '#f5f7fa';

export const SITE_DESCRIPTION = 'A community forum for tech contributors: posts, comments, votes and announcements.';

/**
 * The files a site is expected to have at its root — robots.txt, the sitemap, the icons and
 * the web app manifest — served by this process whatever the built web app holds.
 */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, readCache } = app;
  const base = config.publicUrl;
  const icons = new Icons();

  const robots = cacheable(robotsTxt(base));
  app.get('/robots.txt', async (request, reply) =>
    sendCacheable(request, reply, { ...robots, type: 'text/plain; charset=utf-8', maxAge: DAY }),
  );

  // Kept between writes like the home lists (a post, a new member or a ban moves it on).
  app.get('/sitemap.xml', async (request, reply) => {
    const compute = async () => cacheable(await buildSitemap(db, base));
    const sitemap: Cacheable = readCache ? await readCache.read('platform:sitemap', compute) : await compute();
    return sendCacheable(request, reply, { ...sitemap, type: 'application/xml; charset=utf-8', maxAge: HOUR });
  });

  const manifest = cacheable(
    `${JSON.stringify(
      {
        id: '/',
        name: config.siteName,
        short_name: config.siteName,
        description: SITE_DESCRIPTION,
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: BACKGROUND_COLOUR,
        icons: MANIFEST_ICONS,
      },
      null,
      2,
    )}\n`,
  );
  app.get('/manifest.webmanifest', async (request, reply) =>
    sendCacheable(request, reply, { ...manifest, type: 'application/manifest+json; charset=utf-8', maxAge: DAY }),
  );

  const faviconSvg = cacheable(FAVICON_SVG);
  app.get('/favicon.svg', async (request, reply) => sendCacheable(request, reply, { ...faviconSvg, type: 'image/svg+xml', maxAge: DAY }));

  app.get('/favicon.ico', async (request, reply) => {
    const body = await icons.ico();
    return sendCacheable(request, reply, { body, etag: etagOf(body), type: 'image/x-icon', maxAge: DAY });
  });

  app.get('/apple-touch-icon.png', async (request, reply) => {
    const body = await icons.png('apple-touch-icon.png');
    return sendCacheable(request, reply, { body, etag: etagOf(body), type: 'image/png', maxAge: DAY });
  });

  app.get('/icons/:name', { schema: { params: z.object({ name: z.string() }) } }, async (request, reply) => {
    const { name } = request.params;
    if (!isIconName(name) || name === 'apple-touch-icon.png') throw notFound('icon');
    const body = await icons.png(name);
    return sendCacheable(request, reply, { body, etag: etagOf(body), type: 'image/png', maxAge: DAY });
  });
};
