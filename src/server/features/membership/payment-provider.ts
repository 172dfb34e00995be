import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import type { AppConfig } from '../../config/env.ts';

/** What the membership service needs from a card payment provider. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  /**
   * A new intent; the same `idempotencyKey` answers the same intent again (Stripe's idempotent
   * requests), so two checkouts started at once for the same order get one intent. Throws
   * ProviderFailed when the provider failed on its side or did not answer.
   */
  createIntent(input: {
    userId: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<{ intentId: string; clientSecret: string; status: string }>;
  /** The provider's own word on an intent; null when it does not know it. */
  retrieveIntent(intentId: string): Promise<{ status: string; amount: number; currency: string; userId: string | null } | null>;
}

/**
 * The provider failed on its side (a 5xx) or did not answer: whether it made the intent is not
 * known, and Stripe answers the same failure again to the same key for 24 hours (it saves the
 * answer of any request it began to execute), its client's own retries included.
 */
export class ProviderFailed extends Error {
  constructor(cause: unknown) {
    super('The payment provider failed to make the intent.', { cause });
    this.name = 'ProviderFailed';
  }
}

/**
 * The built-in sandbox: intents live in our payments table; confirmation is
 * membership.service.ts's confirmSandboxPayment. An intent's id and client secret are derived
 * from its idempotency key with a server secret (HMAC), so the same key names the same intent,
 * as at Stripe, and neither can be guessed from the key.
 */
export function createSandboxProvider(options: {
  secret: string;
  lookup: (intentId: string) => Promise<{ status: string; amount: number; currency: string; userId: string } | null>;
}): PaymentProvider {
  const derive = (purpose: string, key: string, hexChars: number) =>
    createHmac('sha256', options.secret).update(`sandbox-${purpose}:${key}`).digest('hex').slice(0, hexChars);
  return {
    name: 'sandbox',
    async createIntent({ idempotencyKey }) {
      const intentId = `pi_sandbox_${derive('intent', idempotencyKey, 24)}`;
      const clientSecret = `${intentId}_secret_${derive('client-secret', idempotencyKey, 32)}`;
      return { intentId, clientSecret, status: 'requires_payment_method' };
    },
    async retrieveIntent(intentId) {
      return options.lookup(intentId);
    },
  };
}

/** Stripe's library is loaded only on servers configured for Stripe (it is large). */
export async function createStripeClient(stripe: NonNullable<AppConfig['stripe']>): Promise<Stripe> {
  const { default: StripeClient } = await import('stripe');
  const api = stripe.apiUrl ? new URL(stripe.apiUrl) : null;
  return new StripeClient(stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

export function createStripeProvider(client: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createIntent({ userId, amount, currency, idempotencyKey }) {
      const intent = await client.paymentIntents
        .create(
          {
            amount,
            currency,
            metadata: { userId, product: 'gold-membership' },
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey },
        )
        .catch((error: unknown) => {
          // No answer, or an error on Stripe's side (a 5xx, or an answer that is not JSON). A 4xx
          // is Stripe refusing the request as sent; a 409 (the key in use) or a 429 is not saved.
          const { type, statusCode } = error as { type?: string; statusCode?: number };
          const failed = type === 'StripeConnectionError' || (type === 'StripeAPIError' && (statusCode === undefined || statusCode >= 500));
          throw failed ? new ProviderFailed(error) : error;
        });
      if (!intent.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
      return { intentId: intent.id, clientSecret: intent.client_secret, status: intent.status };
    },
    async retrieveIntent(intentId) {
      try {
        const intent = await client.paymentIntents.retrieve(intentId);
        return { status: intent.status, amount: intent.amount, currency: intent.currency, userId: intent.metadata?.userId ?? null };
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },
  };
}
