import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config/env.ts';
import { forbidden } from '../lib/app-error.ts';
import { isCrossOriginWrite } from '../lib/same-origin.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write any origin's page may send, exempt from the origin check below: only for a route
     * that reads no cookie or session and takes its whole authority from what the request itself
     * carries (a signed token), so there is no member's cookie for another site to borrow. Each
     * route that sets it says why.
     */
    anyOrigin?: true;
  }
}

const STRIPE_SCRIPT = 'https://js.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = 'https://api.stripe.com';

function helmetOptions(config: AppConfig, inlineScripts: string[]): HelmetOptions {
  const stripe = config.stripe !== null;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // Our own inline scripts by their hashes (lib/inline-scripts.ts): never 'unsafe-inline'.
        scriptSrc: ["'self'", ...inlineScripts, ...(stripe ? [STRIPE_SCRIPT] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(stripe ? [STRIPE_API] : [])],
        frameSrc: stripe ? STRIPE_FRAMES : ["'none'"],
        objectSrc: ["'none'"],
        formAction: ["'self'", 'https://accounts.google.com'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  };
}

/**
 * The headers Helmet sets for these options. They are the same for every answer, so Helmet
 * runs once, at start, against a recording response; each request then only copies them
 * (running Helmet per request re-parses the whole policy every time).
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every answer (our own origin only, plus Stripe's hosts when Stripe is
 * configured), and no write from another origin's page.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { inlineScripts?: string[] }) => {
    const headers = securityHeaders(helmetOptions(app.config, opts.inlineScripts ?? []));
    const publicOrigin = new URL(app.config.publicUrl).origin;
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      if (!request.routeOptions.config.anyOrigin && isCrossOriginWrite(request.method, request.url, request.headers, publicOrigin)) {
        done(forbidden('Writes are only accepted from this forum’s own pages.'));
        return;
      }
      done();
    });
  },
  { name: 'security', dependencies: ['db'] },
);
