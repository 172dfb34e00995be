import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env.ts';

const STRIPE_SCRIPT = 'https://js.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = 'https://api.stripe.com';

/** Security headers: our own origin only, plus Stripe's hosts when Stripe is configured. */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: AppConfig }) => {
    const stripe = opts.config.stripe !== null;
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'", ...(stripe ? [STRIPE_SCRIPT] : [])],
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
      strictTransportSecurity: opts.config.publicUrl.startsWith('https://'),
    });
  },
  { name: 'security' },
);
