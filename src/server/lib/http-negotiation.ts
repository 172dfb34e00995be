// What a request's headers accept (RFC 9110), in one place for every answer the server encodes
// or validates itself: the pages, and the site's own files (robots.txt, the sitemap, feeds).
import type { FastifyRequest } from 'fastify';

/** Whether Accept-Encoding names this coding and does not refuse it (`;q=0`). */
export function acceptsEncoding(request: FastifyRequest, coding: 'br' | 'gzip'): boolean {
  const header = request.headers['accept-encoding'];
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    return name?.trim() === coding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

/** Whether If-None-Match names this ETag: `*`, or one of its list by weak comparison (W/ or not). */
export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
