import { CARD_MESSAGES, type SandboxCard } from '#shared/schemas/payment.ts';

const luhnValid = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/**
 * Stripe's test-card semantics: 4242… succeeds, 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 9995 has insufficient funds, a failed Luhn check or a past expiry is refused.
 * Returns the refusal message, or null when the card is accepted.
 */
export function sandboxCardRefusal(card: SandboxCard, now = new Date()): string | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return CARD_MESSAGES.invalidNumber;
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const endOfMonth = new Date(Date.UTC(year, card.exp_month, 1));
  if (endOfMonth <= now) return CARD_MESSAGES.expired;
  if (digits === '4000000000000002') return CARD_MESSAGES.declined;
  if (digits === '4000000000009995') return CARD_MESSAGES.insufficientFunds;
  return null;
}
