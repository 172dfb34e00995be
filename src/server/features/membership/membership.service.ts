import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import { GOLD_PRICE_CENTS, GOLD_PRICE_CURRENCY } from '#shared/constants.ts';
import type { ConfirmResult, SandboxConfirmInput } from '#shared/schemas/payment.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden, notFound, paymentRequired } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import type { PaymentProvider } from './payment-provider.ts';
import {
  findPaymentByClientSecret,
  findPaymentByIntent,
  insertPayment,
  listUserPayments,
  recordWebhookEvent,
  setGold,
  setPaymentStatus,
} from './payments.queries.ts';
import { sandboxCardRefusal } from './sandbox-cards.ts';

/** The server sets the price (9.99 USD), whatever the browser sends, and records the intent. */
export async function startGoldPayment(
  db: Kysely<DB>,
  provider: PaymentProvider,
  viewer: SessionViewer,
): Promise<{ clientSecret: string }> {
  const intent = await provider.createIntent({ userId: viewer.id, amount: GOLD_PRICE_CENTS, currency: GOLD_PRICE_CURRENCY });
  await insertPayment(db, {
    id: newId(),
    userId: viewer.id,
    provider: provider.name,
    intentId: intent.intentId,
    clientSecret: intent.clientSecret,
    amount: GOLD_PRICE_CENTS,
    currency: GOLD_PRICE_CURRENCY,
    status: intent.status,
  });
  return { clientSecret: intent.clientSecret };
}

/** The sandbox's card confirmation; card data is checked and forgotten, never stored or logged. */
export async function confirmSandboxPayment(db: Kysely<DB>, viewer: SessionViewer, input: SandboxConfirmInput): Promise<ConfirmResult> {
  const payment = await findPaymentByClientSecret(db, input.clientSecret);
  if (!payment || payment.provider !== 'sandbox') throw notFound('payment');
  if (payment.userId !== viewer.id) throw forbidden('This payment belongs to someone else.');
  if (payment.status === 'succeeded') return { paymentIntent: { id: payment.intentId, status: 'succeeded' } };
  const refusal = sandboxCardRefusal(input.card);
  if (refusal) return { error: { message: refusal } };
  await setPaymentStatus(db, payment.intentId, 'succeeded');
  return { paymentIntent: { id: payment.intentId, status: 'succeeded' } };
}

const confirmsGold = (intent: { status: string; amount: number; currency: string; userId: string | null } | null, userId: string) =>
  intent !== null &&
  intent.status === 'succeeded' &&
  intent.amount === GOLD_PRICE_CENTS &&
  intent.currency === GOLD_PRICE_CURRENCY &&
  (intent.userId === null || intent.userId === userId);

/**
 * Gold only after a payment by this member that the provider itself confirms succeeded for
 * 9.99 USD; otherwise 402. Already Gold: 200 with modifiedCount 0.
 */
export async function upgradeToGold(
  db: Kysely<DB>,
  provider: PaymentProvider,
  viewer: SessionViewer,
  email: string,
): Promise<{ modifiedCount: number }> {
  if (viewer.email !== email) throw forbidden('You can only upgrade your own membership.');
  if (viewer.membership === 'Gold') return { modifiedCount: 0 };
  for (const payment of await listUserPayments(db, viewer.id)) {
    if (payment.provider !== provider.name) continue;
    const intent = await provider.retrieveIntent(payment.intentId);
    if (confirmsGold(intent, viewer.id)) {
      if (payment.status !== 'succeeded') await setPaymentStatus(db, payment.intentId, 'succeeded');
      return { modifiedCount: await setGold(db, viewer.id) };
    }
  }
  throw paymentRequired('No completed Gold payment was found for your account.');
}

/** Stripe's payment_intent.succeeded upgrades the payer even if the browser never came back. */
export async function handleStripeEvent(db: Kysely<DB>, event: Stripe.Event): Promise<void> {
  if (!(await recordWebhookEvent(db, event.id, event.type))) return;
  if (event.type !== 'payment_intent.succeeded') return;
  const intent = event.data.object;
  const payment = await findPaymentByIntent(db, intent.id);
  const userId = payment?.userId ?? null;
  if (!payment || !userId || intent.metadata?.userId !== userId) return;
  if (
    !confirmsGold(
      { status: intent.status, amount: intent.amount, currency: intent.currency, userId: intent.metadata?.userId ?? null },
      userId,
    )
  )
    return;
  await setPaymentStatus(db, intent.id, 'succeeded');
  await setGold(db, userId);
}
