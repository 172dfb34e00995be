import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { listenForHttp, type HttpSend } from '../../test/http.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';
import { startStripeStub } from '../../test/stripe-stub.ts';
import { GOLD_ALREADY_PAID } from './membership.service.ts';

// Each open tab of the membership page starts a payment of its own (create-payment as it opens).
const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

describe('Gold paid for from two tabs (sandbox)', () => {
  let t: TestApp;
  let send: HttpSend;
  beforeAll(async () => {
    t = await buildTestApp();
    send = await listenForHttp(t.app);
  });
  afterAll(() => t.close());

  const checkout = async (m: TestMember) => (await send(m, 'POST', '/create-payment', { price: 9.99 })).body.clientSecret as string;
  const confirm = (m: TestMember, clientSecret: string) =>
    send(m, 'POST', '/payments/sandbox/confirm', {
      clientSecret,
      card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' },
      billing_details: { name: m.name, email: m.email },
    });
  const upgrade = (m: TestMember) => send(m, 'PATCH', `/update/membership/${m.email}`, { membership: 'Gold' });
  const charged = async (m: TestMember) =>
    (await t.db.selectFrom('payments').select('id').where('user_id', '=', m.id).where('status', '=', 'succeeded').execute()).length;

  it('refuses the second tab’s payment once the first has made the member Gold, and charges once', async () => {
    const m = await signUp(t.app);
    const [first, second] = [await checkout(m), await checkout(m)];
    expect((await confirm(m, first)).body).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    expect((await upgrade(m)).body).toEqual({ modifiedCount: 1 });

    const late = await confirm(m, second);
    expect(late).toEqual({ status: 200, body: { error: { message: GOLD_ALREADY_PAID } } });
    expect(await charged(m)).toBe(1);
  });

  it('refuses it too when the first is paid and its upgrade has not come yet', async () => {
    const m = await signUp(t.app);
    const [first, second] = [await checkout(m), await checkout(m)];
    await confirm(m, first);
    expect((await confirm(m, second)).body).toEqual({ error: { message: GOLD_ALREADY_PAID } });
    // The paid one still makes the member Gold.
    expect((await upgrade(m)).body).toEqual({ modifiedCount: 1 });
    expect(await charged(m)).toBe(1);
  });

  it('charges once when both tabs pay at the same moment; the same payment sent twice succeeds twice', async () => {
    const m = await signUp(t.app);
    const [first, second] = [await checkout(m), await checkout(m)];
    const answers = await Promise.all([confirm(m, first), confirm(m, second), confirm(m, first), confirm(m, second)]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const paid = answers.filter((a) => 'paymentIntent' in a.body);
    const refused = answers.filter((a) => 'error' in a.body);
    // One payment went through (answered to both its sends), the other was refused (both its sends).
    expect(paid).toHaveLength(2);
    expect(refused.map((a) => a.body)).toEqual([{ error: { message: GOLD_ALREADY_PAID } }, { error: { message: GOLD_ALREADY_PAID } }]);
    expect(new Set(paid.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await charged(m)).toBe(1);
    expect((await upgrade(m)).body).toEqual({ modifiedCount: 1 });
  });

  // On PostgreSQL the two confirmations are made to meet: the member's row is held while both are
  // sent, so each has read its payment and waits (or, without the hold, goes through unseen).
  it.runIf(onPostgres())('charges once when both tabs pay while the member’s row is held (PostgreSQL)', async () => {
    const m = await signUp(t.app);
    const [first, second] = [await checkout(m), await checkout(m)];
    let release: () => void = () => {};
    let held: () => void = () => {};
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const holding = t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', m.id).forUpdate().execute();
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isHeld;
    const both = Promise.all([confirm(m, first), confirm(m, second)]);
    await untilWaiting(2);
    release();
    await holding;
    const answers = await both;
    expect(answers.filter((a) => 'paymentIntent' in a.body)).toHaveLength(1);
    expect(answers.filter((a) => 'error' in a.body).map((a) => a.body)).toEqual([{ error: { message: GOLD_ALREADY_PAID } }]);
    expect(await charged(m)).toBe(1);
  });

  /** Until `n` statements of this database wait for a row lock, or a second has passed. */
  async function untilWaiting(n: number): Promise<void> {
    for (let i = 0; i < 100; i += 1) {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
      if (Number(rows[0]?.n) >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
});

describe('Stripe’s webhook delivered several times at once, beside the browser’s upgrade', () => {
  const webhookSecret = 'whsec_races';
  let stub: Awaited<ReturnType<typeof startStripeStub>>;
  let t: TestApp;
  let base: string;
  const stripe = new Stripe('sk_test_x');

  beforeAll(async () => {
    stub = await startStripeStub();
    t = await buildTestApp({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stub.url,
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('makes the member Gold once: one event recorded, one membership notification, every delivery answered 200', async () => {
    const m = await signUp(t.app);
    const created = await fetch(`${base}/api/create-payment`, {
      method: 'POST',
      headers: { ...m.headers, 'content-type': 'application/json' },
      body: '{}',
    });
    const { clientSecret } = (await created.json()) as { clientSecret: string };
    const intentId = clientSecret.split('_secret_')[0]!;
    stub.succeed(intentId);
    const payload = JSON.stringify({
      id: 'evt_races',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: { id: intentId, object: 'payment_intent', amount: 999, currency: 'usd', status: 'succeeded', metadata: { userId: m.id } },
      },
    });
    const deliver = () =>
      fetch(`${base}/api/payments/webhook`, {
        method: 'POST',
        headers: {
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
          'content-type': 'application/json',
        },
        body: payload,
      }).then((r) => r.status);
    const upgrade = () =>
      fetch(`${base}/api/update/membership/${m.email}`, {
        method: 'PATCH',
        headers: { ...m.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ membership: 'Gold' }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { modifiedCount: number } }));

    const [deliveries, upgrades] = await Promise.all([Promise.all([deliver(), deliver(), deliver()]), Promise.all([upgrade(), upgrade()])]);
    expect(deliveries).toEqual([200, 200, 200]);
    expect(upgrades.map((u) => u.status)).toEqual([200, 200]);
    expect(upgrades.reduce((n, u) => n + u.body.modifiedCount, 0)).toBeLessThanOrEqual(1);
    const member = await t.db.selectFrom('users').select('membership').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(member.membership).toBe('Gold');
    expect(await t.db.selectFrom('webhook_events').select('id').where('id', '=', 'evt_races').execute()).toHaveLength(1);
    const notices = await t.db.selectFrom('notifications').select('type').where('member_id', '=', m.id).execute();
    expect(notices).toEqual([{ type: 'membership' }]);
  });
});
