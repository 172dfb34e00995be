import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FirstViewRenderer } from '#shared/first-view.ts';
import { htmlTemplate } from '../features/pages/html-document.ts';
import { pageResponder, type PageAnswer } from '../features/pages/first-view.ts';
import { brotli, COMPRESS_MIN_BYTES, gzip } from '../lib/compression.ts';
import { acceptsEncoding, matchesEtag } from '../lib/http-negotiation.ts';
import { sendNotFound } from './error-handler.ts';

export interface SpaOptions {
  /** The built web app (dist/web); null serves the API alone. */
  webRoot: string | null;
  /**
   * The module that renders the browser app on the server (ADR 0015): the bundle beside the
   * server in a build, the source in tests. Without it every page is the app's bare shell.
   */
  rendererModule?: string | null;
}

/**
 * The last pages sent, by their text, with what is worked out from a text once: its validator
 * and each encoding asked for. A kept home page is hashed and compressed once, not per request.
 */
const PAGES_KEPT = 16;
const pages = new Map<string, { etag: string; br?: Buffer; gzip?: Buffer }>();

function keptPage(html: string) {
  let kept = pages.get(html);
  if (!kept) {
    // Weak: the same page whichever encoding carries it, and whenever it was rendered (the time
    // it carries only sets how its relative times read until the app takes over).
    const content = html.replace(/"renderedAt":\d+/, '');
    kept = { etag: `W/"${createHash('sha1').update(content).digest('base64url')}"` };
    pages.set(html, kept);
    if (pages.size > PAGES_KEPT) pages.delete(pages.keys().next().value as string);
  }
  return kept;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, { status, html }: PageAnswer) {
  // A page is never kept by the browser without asking: its lists change with every write. Asking
  // again with its validator costs a 304 when nothing changed, not the page.
  reply.status(status).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  const kept = keptPage(html);
  reply.header('etag', kept.etag);
  if (status === 200 && matchesEtag(request, kept.etag)) return reply.status(304).send();
  if (html.length < COMPRESS_MIN_BYTES) return reply.send(html);
  if (acceptsEncoding(request, 'br')) return reply.header('content-encoding', 'br').send((kept.br ??= brotli(html)));
  if (acceptsEncoding(request, 'gzip')) return reply.header('content-encoding', 'gzip').send((kept.gzip ??= gzip(html)));
  return reply.send(html);
}

/**
 * Serves the built web app: hashed assets cached for a year; every other GET outside /api is a
 * page (features/pages/first-view.ts): home rendered on the server, "No Page Found" with a 404,
 * the rest the app's shell with its own head. Unknown /api paths answer the JSON 404.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, opts: SpaOptions) => {
    const root = opts.webRoot;
    const indexFile = root ? path.join(root, 'index.html') : null;
    const hasWeb = indexFile !== null && existsSync(indexFile);
    const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : null;

    if (hasWeb && root) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The page template is not a page: /index.html is an unknown path (404), not a second home.
        allowedPath: (pathname) => pathname !== '/index.html',
        preCompressed: true,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    }

    let answer: ((url: string) => Promise<PageAnswer>) | null = null;
    if (indexHtml && opts.rendererModule) {
      const { firstViewRenderer } = (await import(pathToFileURL(opts.rendererModule).href)) as { firstViewRenderer: FirstViewRenderer };
      await firstViewRenderer.warmUp();
      const readStylesheet = (href: string) => {
        const file = path.join(root ?? '', path.normalize(href));
        return href.startsWith('/assets/') && href.endsWith('.css') && existsSync(file) ? readFileSync(file, 'utf8') : null;
      };
      answer = pageResponder(app, htmlTemplate(indexHtml, readStylesheet), firstViewRenderer);
    }

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url;
      // The path alone: `/api?x` is the API's address too.
      const path = url.split('?', 1)[0] ?? url;
      if (path.startsWith('/api/') || path === '/api' || !indexHtml || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return sendNotFound(reply);
      }
      if (!answer) return sendPage(request, reply, { status: 200, html: indexHtml });
      try {
        return sendPage(request, reply, await answer(url));
      } catch (error) {
        // The browser can still render the page by itself.
        request.log.error({ err: error }, 'rendering the first view failed');
        return sendPage(request, reply, { status: 200, html: indexHtml });
      }
    });
  },
  { name: 'spa' },
);
