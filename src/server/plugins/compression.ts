import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DOCS_PATH } from '../features/platform/openapi.ts';
import { COMPRESS_MIN_BYTES, GZIP_OPTIONS } from '../lib/compression.ts';

/** The API's answers, but its documentation page's scripts and styles (not JSON). */
const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith(`${DOCS_PATH}/`) && url !== DOCS_PATH;

/**
 * The API's JSON answers of 1 kB and more, gzipped for clients that accept it (a page of
 * comments, a search, an admin's lists: 3 to 5 times fewer bytes). Register before the routes:
 * it applies to those added after it.
 *
 * - Only the API: pages, feeds and the site's files compress themselves, once per version, and
 *   the web app's assets are stored compressed (plugins/spa.ts, platform/cacheable-reply.ts).
 * - An answer carrying its Content-Encoding already is left as it is: the kept home lists,
 *   compressed once per version (lib/cached-reply.ts).
 * - Never the event stream (ADR 0011): its route is taken over from Fastify before any onSend
 *   hook, and says `compress: false` besides. Images are not a compressible type.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!isApiRoute(route.url)) route.compress = false;
    });
    await app.register(fastifyCompress, {
      encodings: ['gzip'],
      threshold: COMPRESS_MIN_BYTES,
      zlibOptions: GZIP_OPTIONS,
      // Request bodies are never compressed: nothing to read them.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
