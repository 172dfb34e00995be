import type { IncomingHttpHeaders } from 'node:http';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a write comes from a page of another origin, which a browser sends with the member's
 * cookie when the two are same-site (SameSite=Lax only stops other sites). A browser says where
 * a request comes from (`Sec-Fetch-Site`, or else `Origin`); a request that says neither is not
 * a browser's cross-origin request (a script with a bearer token, a webhook) and goes on.
 * Better Auth checks its own routes (/api/auth/*) against its trusted origins.
 */
export function isCrossOriginWrite(method: string, url: string, headers: IncomingHttpHeaders, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(method) || url.startsWith('/api/auth/')) return false;
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = headers.origin;
  if (typeof origin !== 'string' || origin === publicOrigin) return false;
  try {
    // Behind a proxy that rewrites Host, PUBLIC_URL (above) is the forum's own origin.
    return new URL(origin).host !== headers.host;
  } catch {
    // `Origin: null` (a sandboxed frame, a redirect across origins) is no one's page of ours.
    return true;
  }
}
