import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { cacheable, etagOf, sendCacheable } from './cacheable-reply.ts';
import { FAVICON_SVG, Icons, isIconName, MANIFEST_ICONS } from './icons.ts';
import { keptFor } from './kept-for.ts';
import { robotsTxt } from './robots.ts';
import { buildSitemap } from './sitemap.ts';

const gzipAsync = promisify(gzip);

const DAY = 86_400;
/** How old the sitemap may be; search engines read it about daily. */
const SITEMAP_TTL_MS = 15 * 60_000;

/** The app's colours: the top bar's surface and the page's canvas (src/web/styles.css). */
const THEME_COLOUR = '#ffffff';
const BACKGROUND_COLOUR = '#f5f7fa';

export const SITE_DESCRIPTION = 'A community forum for tech contributors: posts, comments, votes and announcements.';

/**
 * The files a site is expected to have at its root — robots.txt, the sitemap, the icons and
 * the web app manifest — served by this process whatever the built web app holds.
 */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const base = config.publicUrl;
  const icons = new Icons();

  const robots = cacheable(robotsTxt(base));
  app.get('/robots.txt', async (request, reply) =>
    sendCacheable(request, reply, { ...robots, type: 'text/plain; charset=utf-8', maxAge: DAY }),
  );

  // At its bound (50,000 addresses, about 5 MB) the sitemap takes a few hundred milliseconds
  // to make: it is made at most once per SITEMAP_TTL in each process (the read cache would
  // remake it after every vote), and kept gzipped too (about a tenth of the size).
  const sitemap = keptFor(SITEMAP_TTL_MS, async () => {
    const file = cacheable(await buildSitemap(db, base));
    const body = Buffer.from(file.body);
    return { body, etag: file.etag, gzip: await gzipAsync(body) };
  });
  app.get('/sitemap.xml', async (request, reply) =>
    sendCacheable(request, reply, { ...(await sitemap()), type: 'application/xml; charset=utf-8', maxAge: SITEMAP_TTL_MS / 1000 }),
  );

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
