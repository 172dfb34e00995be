import type Stripe from 'stripe';
import { GOLD_PRICE_CENTS, GOLD_PRICE_CURRENCY } from '#shared/constants.ts';
import {
  GOLD_ALREADY_PAID,
  PAYMENT_PROCESSING,
  PAYMENT_PROVIDER_FAILED,
  PAYMENT_PROVIDER_REFUSED,
  type Checkout,
  type ConfirmResult,
  type SandboxConfirmInput,
} from '#shared/schemas/payment.ts';
import type { Db } from '../../db/schema.ts';
import { AppError, banned, conflict, forbidden, notFound, paymentRequired } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { lockMemberBanned } from '../users/users.service.ts';
import { ProviderError, type PaymentProvider } from './payment-provider.ts';
import {
  advanceCheckoutAttempt,
  findPaymentByClientSecret,
  findPaymentByIntent,
  findNewestPayment,
  insertPayment,
  listUserPayments,
  PAYMENT_FAILED,
  readCheckoutAttempt,
  readGoldStanding,
  recordPaymentFailure,
  recordWebhookEvent,
  setGold,
  setPaymentStatus,
} from './payments.queries.ts';
import { sandboxCardRefusal } from './sandbox-cards.ts';

/** Stripe's statuses of an intent that can still be paid: its checkout is reused. */
const OPEN_STATUSES = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * What the member is told when the provider gives no answer to use: 503 when trying again may
 * help, 502 when the forum's own request was refused; never the provider's status or words.
 */
function answerFor(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  const answer =
    error.failure === 'refused'
      ? new AppError(502, 'INTERNAL', PAYMENT_PROVIDER_REFUSED)
      : new AppError(503, 'INTERNAL', PAYMENT_PROVIDER_FAILED);
  return Object.assign(answer, { cause: error });
}

/** The provider's word on an intent, its failures answered as answerFor says. */
const retrieve = (provider: PaymentProvider, intentId: string) =>
  provider.retrieveIntent(intentId).catch((error: unknown) => {
    throw answerFor(error);
  });

/**
 * One checkout per member, reused (Stripe: one PaymentIntent per order). Every open tab of the
 * membership page gets the member's newest intent while the provider says it can still be paid,
 * for 9.99 USD: whichever tab pays, the card is charged once (Stripe.js confirms in the browser,
 * past any check of ours), with word when its last payment failed (the webhook recorded the
 * bank's decline). A paid one answers 409, the upgrade perhaps still to come, and one the bank has
 * yet to confirm answers 409 saying it is being processed, so a reloaded page offers neither a
 * second payment nor an upgrade that would be refused. Otherwise
 * a new intent, its idempotency key naming the member, the payment it replaces and the member's
 * checkout attempt, so tabs asking at the same moment get the same intent from the provider,
 * recorded once. The provider failing on its side (or not answering) answers 503 and moves the
 * attempt on: Stripe would answer that key with the same failure for a day (answerFor). The price is the
 * server's, whatever the browser sends. A Gold member is not charged again (409). A member
 * banned since the session was read gets no client secret (403 BANNED).
 */
export async function startGoldPayment(writes: WritePath, provider: PaymentProvider, viewer: SessionViewer): Promise<Checkout> {
  if (viewer.membership === 'Gold') throw conflict('You are already a Gold member.');
  const previous = await findNewestPayment(writes.db, viewer.id, provider.name);
  if (previous) {
    const current = await retrieve(provider, previous.intentId);
    if (current?.status === 'succeeded') throw conflict(GOLD_ALREADY_PAID);
    if (current?.status === 'processing') throw conflict(PAYMENT_PROCESSING);
    if (current && OPEN_STATUSES.has(current.status) && current.amount === GOLD_PRICE_CENTS && current.currency === GOLD_PRICE_CURRENCY) {
      await writes.run(async (w) => {
        if (await lockMemberBanned(w.trx, viewer.id)) throw banned();
      });
      return previous.status === PAYMENT_FAILED
        ? { clientSecret: previous.clientSecret, lastPaymentFailed: true }
        : { clientSecret: previous.clientSecret };
    }
  }
  const attempt = await readCheckoutAttempt(writes.db, viewer.id);
  const intent = await provider
    .createIntent({
      userId: viewer.id,
      amount: GOLD_PRICE_CENTS,
      currency: GOLD_PRICE_CURRENCY,
      idempotencyKey: `gold-membership:${viewer.id}:${previous?.intentId ?? 'first'}:${attempt}`,
    })
    .catch(async (error: unknown) => {
      // A key that can make nothing more is left, from the attempt this request used: the tabs
      // that got the same failure move it on once, and the next checkout asks under a new key.
      if (error instanceof ProviderError && error.failure === 'failed') {
        await writes.run((w) => advanceCheckoutAttempt(w.trx, viewer.id, attempt));
      }
      throw answerFor(error);
    });
  const id = newId();
  await writes.run(async (w) => {
    if (await lockMemberBanned(w.trx, viewer.id)) throw banned();
    const inserted = await insertPayment(w.trx, {
      id,
      userId: viewer.id,
      provider: provider.name,
      intentId: intent.intentId,
      clientSecret: intent.clientSecret,
      amount: GOLD_PRICE_CENTS,
      currency: GOLD_PRICE_CURRENCY,
      status: intent.status,
    });
    if (inserted) w.record({ type: 'payment.started', paymentId: id, memberId: viewer.id });
  });
  return { clientSecret: intent.clientSecret };
}

/**
 * The sandbox's card confirmation; card data is checked and forgotten, never stored or logged.
 * Gold is paid for once. The tabs of the membership page share one payment (startGoldPayment),
 * and the same payment confirmed twice (a double click, or a second tab) answers succeeded both
 * times without a second charge. A member may still hold another payment (one recorded before
 * checkouts were reused, or at an older price): the one confirmed after another has gone
 * through (or after the upgrade) is refused, and two confirmed at once are decided one after
 * the other.
 */
export async function confirmSandboxPayment(writes: WritePath, viewer: SessionViewer, input: SandboxConfirmInput): Promise<ConfirmResult> {
  const payment = await findPaymentByClientSecret(writes.db, input.clientSecret);
  if (!payment || payment.provider !== 'sandbox') throw notFound('payment');
  if (payment.userId !== viewer.id) throw forbidden('This payment belongs to someone else.');
  const succeeded: ConfirmResult = { paymentIntent: { id: payment.intentId, status: 'succeeded' } };
  if (payment.status === 'succeeded') return succeeded;
  const refusal = sandboxCardRefusal(input.card);
  if (refusal) return { error: { message: refusal } };
  return writes.run(async (w) => {
    // The member's row is held first, by a statement of its own: another payment of theirs being
    // confirmed meanwhile commits before the read below, which then sees it.
    if (await lockMemberBanned(w.trx, viewer.id)) throw banned();
    const standing = await readGoldStanding(w.trx, viewer.id, payment.intentId);
    if (standing.thisSucceeded) return succeeded;
    if (standing.gold || standing.paidOtherwise) return { error: { message: GOLD_ALREADY_PAID } };
    await setPaymentStatus(w.trx, payment.intentId, 'succeeded');
    w.record({ type: 'payment.confirmed', intentId: payment.intentId });
    return succeeded;
  });
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
  writes: WritePath,
  provider: PaymentProvider,
  viewer: SessionViewer,
  email: string,
): Promise<{ modifiedCount: number }> {
  if (viewer.email !== email) throw forbidden('You can only upgrade your own membership.');
  if (viewer.membership === 'Gold') return { modifiedCount: 0 };
  for (const payment of await listUserPayments(writes.db, viewer.id)) {
    if (payment.provider !== provider.name) continue;
    const intent = await retrieve(provider, payment.intentId);
    if (confirmsGold(intent, viewer.id)) return { modifiedCount: await makeGold(writes, viewer.id, payment) };
  }
  throw paymentRequired('No completed Gold payment was found for your account.');
}

/** The payment marked as succeeded and its member made Gold, in one write. */
async function makeGold(writes: WritePath, userId: string, payment: { intentId: string; status: string }): Promise<number> {
  return writes.run(async (w) => {
    if (payment.status !== 'succeeded') {
      await setPaymentStatus(w.trx, payment.intentId, 'succeeded');
      w.record({ type: 'payment.confirmed', intentId: payment.intentId });
    }
    const modified = await setGold(w.trx, userId);
    if (modified > 0) w.record({ type: 'membership.upgraded', memberId: userId });
    return modified;
  });
}

/**
 * Stripe's payment_intent.succeeded upgrades the payer even if the browser never came back;
 * payment_intent.payment_failed (the bank declined a payment Stripe was processing, or a card
 * was refused) records the failure, unless the payment has succeeded, and tells the payer's
 * open pages (`payment.failed`), so none keeps saying it is being processed and the next checkout
 * says it failed. Each event is handled once: its id is recorded in the same write as what it does.
 */
export async function handleStripeEvent(writes: WritePath, event: Stripe.Event): Promise<void> {
  if (event.type === 'payment_intent.payment_failed') return recordStripeFailure(writes, event.id, event.data.object);
  const intent = event.type === 'payment_intent.succeeded' ? event.data.object : null;
  const payment = intent ? await findPaymentByIntent(writes.db, intent.id) : null;
  const userId = payment?.userId ?? null;
  const upgrades =
    intent !== null &&
    userId !== null &&
    intent.metadata?.userId === userId &&
    confirmsGold({ status: intent.status, amount: intent.amount, currency: intent.currency, userId }, userId);
  await writes.run(async (w) => {
    if (!(await recordWebhookEvent(w.trx, event.id, event.type))) return;
    w.record({ type: 'webhook.received', eventId: event.id });
    if (!upgrades || !intent || !userId) return;
    await setPaymentStatus(w.trx, intent.id, 'succeeded');
    w.record({ type: 'payment.confirmed', intentId: intent.id });
    if ((await setGold(w.trx, userId)) > 0) w.record({ type: 'membership.upgraded', memberId: userId });
  });
}

/** A payment the payer's bank declined: recorded, unless it is someone else's or has succeeded. */
async function recordStripeFailure(writes: WritePath, eventId: string, intent: Stripe.PaymentIntent): Promise<void> {
  const payment = await findPaymentByIntent(writes.db, intent.id);
  const userId = payment && intent.metadata?.userId === payment.userId ? payment.userId : null;
  await writes.run(async (w) => {
    if (!(await recordWebhookEvent(w.trx, eventId, 'payment_intent.payment_failed'))) return;
    w.record({ type: 'webhook.received', eventId });
    if (!userId || !(await recordPaymentFailure(w.trx, intent.id, userId))) return;
    w.record({ type: 'payment.failed', intentId: intent.id, memberId: userId });
  });
}

/** The sandbox provider's view of an intent (it keeps them in our database). */
export async function findSandboxIntent(db: Db, intentId: string) {
  const p = await findPaymentByIntent(db, intentId);
  return p ? { status: p.status, amount: p.amount, currency: p.currency, userId: p.userId } : null;
}
