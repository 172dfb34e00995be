import { sql, type ExpressionBuilder } from 'kysely';
import type { Db, DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

export interface PaymentRecord {
  id: string;
  userId: string;
  provider: string;
  intentId: string;
  clientSecret: string;
  amount: number;
  currency: string;
  status: string;
}

const toRecord = (r: DB['payments'] extends infer T ? { [K in keyof T]: T[K] } : never): PaymentRecord => ({
  id: r.id,
  userId: r.user_id,
  provider: r.provider,
  intentId: r.intent_id,
  clientSecret: r.client_secret,
  amount: Number(r.amount),
  currency: r.currency,
  status: r.status,
});

/**
 * Records a payment; false when its intent is recorded already (two checkouts started at once
 * are given the same intent by the provider, and both record it).
 */
export async function insertPayment(db: Db, p: PaymentRecord): Promise<boolean> {
  const at = nowIso();
  const result = await db
    .insertInto('payments')
    .values({
      id: p.id,
      user_id: p.userId,
      provider: p.provider,
      intent_id: p.intentId,
      client_secret: p.clientSecret,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('intent_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findPaymentByClientSecret(db: Db, clientSecret: string): Promise<PaymentRecord | null> {
  const row = await db.selectFrom('payments').selectAll().where('client_secret', '=', clientSecret).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function findPaymentByIntent(db: Db, intentId: string): Promise<PaymentRecord | null> {
  const row = await db.selectFrom('payments').selectAll().where('intent_id', '=', intentId).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The member's newest payment with this provider: the checkout a new one would replace. */
export async function findNewestPayment(db: Db, userId: string, provider: string): Promise<PaymentRecord | null> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The member's checkout attempt: part of the idempotency key of their next new payment. */
export async function readCheckoutAttempt(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('users').select('checkout_attempt').where('id', '=', userId).executeTakeFirst();
  return Number(row?.checkout_attempt ?? 0);
}

/**
 * Moves the member's checkout attempt on from the one a failed request used; nothing when it has
 * moved already (another tab failed under the same key), so it moves once per key.
 */
export async function advanceCheckoutAttempt(db: Db, userId: string, from: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ checkout_attempt: from + 1 })
    .where('id', '=', userId)
    .where('checkout_attempt', '=', from)
    .execute();
}

/**
 * The member's payments to ask the provider about: those already recorded as succeeded first,
 * then the newest. Twenty at most (each is a call to the provider), so a paid intent must not
 * sink below twenty checkouts opened later (one checkout is reused now, but members may hold
 * several from before, one per tab).
 */
export async function listUserPayments(db: Db, userId: string): Promise<PaymentRecord[]> {
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy(sql`case when status = 'succeeded' then 0 else 1 end`)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  return rows.map(toRecord);
}

/**
 * Where a member stands on paying for Gold, as a payment of theirs is confirmed: whether that
 * payment has gone through already, whether they are Gold, and whether another of their payments
 * has gone through (their Gold paid for, the upgrade perhaps still to come).
 */
export async function readGoldStanding(
  db: Db,
  userId: string,
  intentId: string,
): Promise<{ thisSucceeded: boolean; gold: boolean; paidOtherwise: boolean }> {
  const succeeded = (eb: ExpressionBuilder<DB, 'users'>) =>
    eb.selectFrom('payments').select('intent_id').where('user_id', '=', userId).where('status', '=', 'succeeded');
  const row = await db
    .selectFrom('users')
    .select('membership')
    .select((eb) => [
      eb.exists(succeeded(eb).where('intent_id', '=', intentId)).as('this_succeeded'),
      eb.exists(succeeded(eb).where('intent_id', '<>', intentId)).as('paid_otherwise'),
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  // A boolean on PostgreSQL, 0 or 1 on SQLite.
  return { thisSucceeded: Boolean(row.this_succeeded), gold: row.membership === 'Gold', paidOtherwise: Boolean(row.paid_otherwise) };
}

/**
 * A payment's status of our own, beside the provider's: its last attempt failed (the bank
 * declined it after processing). Stripe puts such an intent back to `requires_payment_method`,
 * which a checkout never paid has too.
 */
export const PAYMENT_FAILED = 'failed';

/**
 * Records that a payment failed; false when it has succeeded meanwhile (Stripe does not promise
 * the order of its events: an earlier attempt's failure may come after the success), or is not
 * this member's.
 */
export async function recordPaymentFailure(db: Db, intentId: string, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: PAYMENT_FAILED, updated_at: nowIso() })
    .where('intent_id', '=', intentId)
    .where('user_id', '=', userId)
    .where('status', '!=', 'succeeded')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setPaymentStatus(db: Db, intentId: string, status: string): Promise<void> {
  await db.updateTable('payments').set({ status, updated_at: nowIso() }).where('intent_id', '=', intentId).execute();
}

export async function setGold(db: Db, userId: string): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ membership: 'Gold', updated_at: nowIso() })
    .where('id', '=', userId)
    .where('membership', '!=', 'Gold')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Records a webhook event id; false when it was seen before (a replay). */
export async function recordWebhookEvent(db: Db, id: string, type: string): Promise<boolean> {
  const result = await db
    .insertInto('webhook_events')
    .values({ id, type, received_at: nowIso() })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
