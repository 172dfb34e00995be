import { randomBytes } from 'node:crypto';
import { GOLD_PRICE_CENTS, GOLD_PRICE_CURRENCY } from '#shared/constants.ts';
import type { Db } from '../db/schema.ts';
import { newId, nowIso } from '../lib/ids.ts';

/**
 * One more open sandbox payment of the member's, written straight to the table, and its client
 * secret. Every tab of the membership page shares the member's open payment, so the app itself
 * makes no second one; a member may still hold several, recorded before checkouts were reused
 * (each tab made its own). Those are what the sandbox's refusal of a second confirmation and
 * the upgrade's search through twenty payments stand for.
 */
export async function recordOtherOpenPayment(db: Db, userId: string): Promise<string> {
  const intentId = `pi_sandbox_${randomBytes(12).toString('hex')}`;
  const clientSecret = `${intentId}_secret_${randomBytes(16).toString('hex')}`;
  const at = nowIso();
  await db
    .insertInto('payments')
    .values({
      id: newId(),
      user_id: userId,
      provider: 'sandbox',
      intent_id: intentId,
      client_secret: clientSecret,
      amount: GOLD_PRICE_CENTS,
      currency: GOLD_PRICE_CURRENCY,
      status: 'requires_payment_method',
      created_at: at,
      updated_at: at,
    })
    .execute();
  return clientSecret;
}
