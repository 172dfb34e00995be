import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import type { AppConfig } from '../../config/env.ts';

/** What the membership service needs from a card payment provider. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  /**
   * A new intent; the same `idempotencyKey` answers the same intent again (Stripe's idempotent
   * requests), so two checkouts started at once for the same order get one intent. Throws a
   * ProviderError when the provider gives no intent.
   */
  createIntent(input: {
    userId: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<{ intentId: string; clientSecret: string; status: string }>;
  /** The provider's own word on an intent; null when it does not know it. Throws a ProviderError when it gives none. */
  retrieveIntent(intentId: string): Promise<{ status: string; amount: number; currency: string; userId: string | null } | null>;
}

/**
 * Why the provider gave no answer to use, in its terms rather than its HTTP status: a 401 from
 * Stripe speaks of the forum's key, not of the member's session, and must not reach the browser
 * as one (which would sign the member out), nor Stripe's own message.
 * - `failed`: the key can make nothing more. Stripe failed on its side (a 5xx) or did not
 *   answer, so whether it made the intent is not known, and it answers that key with the same
 *   saved failure for 24 hours (it saves the answer of any request it began to execute), its
 *   client's own retries included; or the key was first used with other parameters (the price
 *   changed meanwhile).
 * - `busy`: try again in a moment (a request with the same key under way, or rate limited).
 * - `refused`: the provider refused the forum's request as sent (a key revoked, say).
 */
export type ProviderFailure = 'failed' | 'busy' | 'refused';

export class ProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    cause: unknown,
  ) {
    super(`The payment provider gave no answer to use (${failure}).`, { cause });
    this.name = 'ProviderError';
  }
}

/** A Stripe client's error as a ProviderError (stripe-node's error types and statuses). */
function fromStripe(error: unknown): ProviderError {
  const { type, statusCode } = error as { type?: string; statusCode?: number };
  if (type === 'StripeConnectionError' || (type === 'StripeAPIError' && (statusCode === undefined || statusCode >= 500))) {
    return new ProviderError('failed', error);
  }
  if (type === 'StripeIdempotencyError' && statusCode === 400) return new ProviderError('failed', error);
  if (statusCode === 409 || statusCode === 429 || (statusCode !== undefined && statusCode >= 500)) return new ProviderError('busy', error);
  return new ProviderError('refused', error);
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
          throw fromStripe(error);
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
        throw fromStripe(error);
      }
    },
  };
}
