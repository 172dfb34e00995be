import { describe, expect, it } from 'vitest';
import { CARD_INPUT_MESSAGES, caretAfterFormatting, cardFormSchema, formatCardNumber, formatCvc, formatExpiry } from './card-input.ts';

describe('card input formatting', () => {
  it('groups the card number by 4 digits, at most 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42a42')).toBe('4242 4242 4242');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
    expect(formatCardNumber('')).toBe('');
  });

  it('keeps the caret after the same digit once reformatted', () => {
    // Typing "9" after "4242 4" in "4242 4|242": raw "4242 49242", caret 7.
    const formatted = formatCardNumber('4242 49242');
    expect(formatted).toBe('4242 4924 2');
    expect(caretAfterFormatting('4242 49242', 7, formatted)).toBe(7);
    // Typing the fifth digit at the end moves past the inserted space.
    expect(caretAfterFormatting('42424', 5, '4242 4')).toBe(6);
    expect(caretAfterFormatting('4242', 0, '4242')).toBe(0);
    // At the end it stays at the end, whatever was added before it.
    expect(caretAfterFormatting('4', 1, '04')).toBe(2);
  });

  it('writes the expiry as MM/YY and the CVC as up to 4 digits', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/34')).toBe('12/34');
    expect(formatExpiry('12345')).toBe('12/34');
    expect(formatCvc('12a345')).toBe('1234');
  });
});

describe('card form schema', () => {
  it('turns the fields into the card the sandbox confirms', () => {
    expect(cardFormSchema.parse({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
    });
  });

  it('reports incomplete fields in the card provider’s words', () => {
    const result = cardFormSchema.safeParse({ number: '4242', expiry: '1', cvc: '1' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['number', CARD_INPUT_MESSAGES.numberIncomplete],
      ['expiry', CARD_INPUT_MESSAGES.expiryIncomplete],
      ['cvc', CARD_INPUT_MESSAGES.cvcIncomplete],
    ]);
    expect(cardFormSchema.safeParse({ number: '4242424242424242', expiry: '13/30', cvc: '123' }).error?.issues[0]?.message).toBe(
      CARD_INPUT_MESSAGES.expiryMonthInvalid,
    );
  });
});
