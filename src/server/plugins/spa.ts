import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendNotFound } from './error-handler.ts';

/**
 * Serves the built web app: hashed assets cached for a year, everything else falls back to
 * index.html so the browser router decides. Unknown /api paths answer the JSON 404.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { webRoot: string | null }) => {
    const root = opts.webRoot;
    const indexFile = root ? path.join(root, 'index.html') : null;
    const hasWeb = indexFile !== null && existsSync(indexFile);
    const indexHtml = hasWeb ? readFileSync(indexFile) : null;

    if (hasWeb && root) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      if (url.startsWith('/api/') || url === '/api' || !indexHtml || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return sendNotFound(reply);
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    });
  },
  { name: 'spa' },
);
