// The sandbox card form's own checks and formatting (what Stripe's card element does for
// its fields). Card data only passes through these functions; nothing is kept.
import { z } from 'zod';
import type { SandboxCard } from '#shared/schemas/payment.ts';

export const CARD_NUMBER_MAX_DIGITS = 19;
const CARD_NUMBER_MIN_DIGITS = 12;

/** What the form says before anything is sent (Stripe's wording for the same checks). */
export const CARD_INPUT_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  expiryIncomplete: 'Your card\u2019s expiration date is incomplete.',
  expiryMonthInvalid: 'Your card\u2019s expiration month is invalid.',
  cvcIncomplete: 'Your card\u2019s security code is incomplete.',
} as const;

const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return digitsOf(value)
    .slice(0, CARD_NUMBER_MAX_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Where the caret belongs once the number is reformatted: after as many digits as stood
 * before it in the raw input, so typing or deleting mid-number does not jump to the end.
 */
export function caretAfterFormatting(raw: string, caret: number, formatted: string): number {
  if (caret >= raw.length) return formatted.length;
  const digitsBefore = digitsOf(raw.slice(0, caret)).length;
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted.charAt(i))) seen += 1;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/** "1" → "1", "4" → "04", "123" → "12/3", "1234" → "12/34". */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value).slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export const formatCvc = (value: string): string => digitsOf(value).slice(0, 4);

const EXPIRY_PATTERN = /^(\d{2})\/(\d{2})$/;

/**
 * The form's fields → the card the sandbox confirms. Completeness only: whether the
 * number is valid, the date in the future and the card accepted is the provider's to say.
 */
export const cardFormSchema = z
  .object({
    number: z
      .string()
      .transform(digitsOf)
      .refine((digits) => digits.length >= CARD_NUMBER_MIN_DIGITS, CARD_INPUT_MESSAGES.numberIncomplete),
    expiry: z
      .string()
      .trim()
      .regex(EXPIRY_PATTERN, CARD_INPUT_MESSAGES.expiryIncomplete)
      .refine((expiry) => {
        const month = Number(expiry.slice(0, 2));
        return month >= 1 && month <= 12;
      }, CARD_INPUT_MESSAGES.expiryMonthInvalid),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, CARD_INPUT_MESSAGES.cvcIncomplete),
  })
  .transform(({ number, expiry, cvc }): SandboxCard => ({
    number,
    exp_month: Number(expiry.slice(0, 2)),
    exp_year: 2000 + Number(expiry.slice(3, 5)),
    cvc,
  }));

export type CardFormValues = z.input<typeof cardFormSchema>;
