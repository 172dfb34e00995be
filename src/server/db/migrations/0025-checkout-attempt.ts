import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// A member's checkout attempt, part of the idempotency key a new Gold payment is made under
// (features/membership/membership.service.ts, ADR 0021). Stripe answers a key with what it
// answered first for a day, a failure on its side too: such a failure moves the attempt on, so
// the member's next checkout asks under a new key. Every member starts at 0.
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('checkout_attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
