import { z } from 'zod';

export const createPaymentInputSchema = z.object({ price: z.unknown().optional() });
/**
 * The member's checkout: its client secret, and `lastPaymentFailed` when the last payment of it
 * failed after the card was taken (the bank declined it while Stripe processed it), so the page
 * says so as it opens.
 */
export const clientSecretSchema = z.object({ clientSecret: z.string(), lastPaymentFailed: z.literal(true).optional() });
export type Checkout = z.infer<typeof clientSecretSchema>;

/** A card's month or year as Stripe takes it: a number, or its digits as text; any other type is a 400. */
const cardNumberField = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/)
    .transform(Number),
]);

export const sandboxCardSchema = z.object({
  number: z.string().trim().max(32),
  exp_month: cardNumberField.pipe(
    z.number().int().min(1, 'Your card’s expiration month is invalid.').max(12, 'Your card’s expiration month is invalid.'),
  ),
  exp_year: cardNumberField.pipe(z.number().int().min(0).max(9999)),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Your card’s security code is incomplete.'),
});
export type SandboxCard = z.infer<typeof sandboxCardSchema>;

export const sandboxConfirmInputSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  card: sandboxCardSchema,
  billing_details: z.object({ name: z.string().max(200).optional(), email: z.string().max(254).optional() }).optional(),
});
export type SandboxConfirmInput = z.infer<typeof sandboxConfirmInputSchema>;

/** The result shape of Stripe.js's confirmCardPayment, which the sandbox mirrors. */
export const confirmResultSchema = z.union([
  z.object({ paymentIntent: z.object({ id: z.string(), status: z.string() }) }),
  z.object({ error: z.object({ message: z.string() }) }),
]);
export type ConfirmResult = z.infer<typeof confirmResultSchema>;

/**
 * The answer to a second payment for Gold: the member has paid for it already (the upgrade may
 * still be coming). The server says it when a checkout is opened or a second payment confirmed.
 */
export const GOLD_ALREADY_PAID = 'Your Gold membership is already paid for.';

/**
 * A payment the bank has yet to confirm (Stripe's PaymentIntent `processing`): the page says it
 * instead of a card form, and the server answers it (409) to a checkout opened meanwhile.
 */
export const PAYMENT_PROCESSING = 'Your payment is being processed. Gold will show here once your bank confirms it.';

/** The answer (503) to a checkout the payment provider failed to start on its side, or never answered. */
export const PAYMENT_PROVIDER_FAILED = 'The payment provider could not start your payment just now. Please try again in a moment.';

/** The answer (502) when the payment provider refuses the forum's own request (its key revoked, say). */
export const PAYMENT_PROVIDER_REFUSED =
  'The payment provider refused the forum’s request, so payments cannot be made just now. Please try again later.';

export const upgradeInputSchema = z.object({ membership: z.literal('Gold', { error: 'Only "Gold" can be set' }) });

/** Stripe's published test cards, which the sandbox follows (API.md "Payments"). */
export const SANDBOX_TEST_CARD = '4242 4242 4242 4242';
export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  invalidNumber: 'Your card number is invalid.',
  expired: 'Your card\u2019s expiration date is incomplete or in the past.',
} as const;
