import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOLD_ALREADY_PAID } from '#shared/schemas/payment.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { listenForHttp, type HttpSend } from '../../test/http.ts';
import { recordOtherOpenPayment } from '../../test/payments.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';
import { startStripeStub } from '../../test/stripe-stub.ts';

// Each open tab of the membership page asks for a payment as it opens (create-payment); they
// share the member's open one. Requests go over HTTP so that those sent together meet inside
// the server.
const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

/** Until `n` statements of this database wait for a row lock, or a second has passed. */
async function untilWaiting(t: TestApp, n: number): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
    if (Number(rows[0]?.n) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Holds the member's row (PostgreSQL) until the returned release is called. */
async function holdMember(t: TestApp, m: TestMember): Promise<{ release: () => Promise<void> }> {
  let release: () => void = () => {};
  let held: () => void = () => {};
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const holding = t.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', m.id).forUpdate().execute();
    held();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await isHeld;
  return {
    release: async () => {
      release();
      await holding;
    },
  };
}

const PROVIDERS = [
  { name: 'sandbox', env: {} as Record<string, string>, stub: false },
  {
    name: 'Stripe, its stand-in at the HTTP boundary',
    env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' },
    stub: true,
  },
];

describe.each(PROVIDERS)('Gold checkouts opened in several tabs at once ($name)', ({ env, stub: withStub }) => {
  let t: TestApp;
  let send: HttpSend;
  let stub: Awaited<ReturnType<typeof startStripeStub>> | null = null;
  beforeAll(async () => {
    stub = withStub ? await startStripeStub() : null;
    t = await buildTestApp(stub ? { ...env, STRIPE_API_URL: stub.url } : env);
    send = await listenForHttp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await stub?.close();
  });

  const checkout = (m: TestMember) => send(m, 'POST', '/create-payment', { price: 9.99 });
  const recorded = (m: TestMember) => t.db.selectFrom('payments').select('intent_id').where('user_id', '=', m.id).execute();
  const intentsAtStripe = (m: TestMember) => [...(stub?.intents.values() ?? [])].filter((i) => i.metadata.userId === m.id);

  it('gives checkouts started at the same moment one payment, recorded once', async () => {
    const m = await signUp(t.app);
    const answers = await Promise.all([checkout(m), checkout(m), checkout(m)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.clientSecret)).size).toBe(1);
    expect(await recorded(m)).toHaveLength(1);
    if (stub) expect(intentsAtStripe(m)).toHaveLength(1);
    // And the next tab gets it too.
    expect((await checkout(m)).body).toEqual(answers[0]!.body);
  });

  // On PostgreSQL the checkouts are made to meet: the member's row is held while they are sent,
  // so each has asked the provider for its intent and waits to record it.
  it.runIf(onPostgres())('gives them one payment when each has asked the provider before either records it (PostgreSQL)', async () => {
    const m = await signUp(t.app);
    const hold = await holdMember(t, m);
    const both = Promise.all([checkout(m), checkout(m)]);
    await untilWaiting(t, 2);
    await hold.release();
    const answers = await both;
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(await recorded(m)).toHaveLength(1);
    if (stub) expect(intentsAtStripe(m)).toHaveLength(1);
  });

  // Stripe saves a failure on its side under the key (the stand-in too) and answers it to every
  // request with that key for a day: the tabs that got it move the member on to a new key, once.
  it.runIf(withStub)('after Stripe failed the checkouts started at one moment, gives the next ones one payment', async () => {
    const m = await signUp(t.app);
    stub!.failNextCreate();
    const failed = await Promise.all([checkout(m), checkout(m)]);
    expect(failed.map((a) => a.status)).toEqual([503, 503]);
    const answers = await Promise.all([checkout(m), checkout(m)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(await recorded(m)).toHaveLength(1);
    expect(intentsAtStripe(m)).toHaveLength(1);
    expect(stub!.idempotencyKeys().filter((key) => key.includes(m.id))).toEqual([
      `gold-membership:${m.id}:first:0`,
      `gold-membership:${m.id}:first:1`,
    ]);
  });
});

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
  /**
   * The tabs share one payment; the second stands for another open payment the member holds
   * (recorded before checkouts were reused, test/payments.ts), which must not be charged too.
   */
  const twoPayments = async (m: TestMember) => [await checkout(m), await recordOtherOpenPayment(t.db, m.id)] as const;

  it('charges once when both tabs pay the payment they share, at the same moment', async () => {
    const m = await signUp(t.app);
    const [first, second] = [await checkout(m), await checkout(m)];
    expect(second).toBe(first);
    const answers = await Promise.all([confirm(m, first), confirm(m, second)]);
    expect(answers.map((a) => a.body)).toEqual([
      { paymentIntent: { id: expect.any(String), status: 'succeeded' } },
      { paymentIntent: { id: expect.any(String), status: 'succeeded' } },
    ]);
    expect(await charged(m)).toBe(1);
    expect((await upgrade(m)).body).toEqual({ modifiedCount: 1 });
  });

  it('refuses another payment once the first has made the member Gold, and charges once', async () => {
    const m = await signUp(t.app);
    const [first, second] = await twoPayments(m);
    expect((await confirm(m, first)).body).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    expect((await upgrade(m)).body).toEqual({ modifiedCount: 1 });

    const late = await confirm(m, second);
    expect(late).toEqual({ status: 200, body: { error: { message: GOLD_ALREADY_PAID } } });
    expect(await charged(m)).toBe(1);
  });

  it('refuses it too when the first is paid and its upgrade has not come yet', async () => {
    const m = await signUp(t.app);
    const [first, second] = await twoPayments(m);
    await confirm(m, first);
    expect((await confirm(m, second)).body).toEqual({ error: { message: GOLD_ALREADY_PAID } });
    // The paid one still makes the member Gold.
    expect((await upgrade(m)).body).toEqual({ modifiedCount: 1 });
    expect(await charged(m)).toBe(1);
  });

  it('charges once when both payments are paid at the same moment; the same payment sent twice succeeds twice', async () => {
    const m = await signUp(t.app);
    const [first, second] = await twoPayments(m);
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
  it.runIf(onPostgres())('charges once when both payments are paid while the member’s row is held (PostgreSQL)', async () => {
    const m = await signUp(t.app);
    const [first, second] = await twoPayments(m);
    const hold = await holdMember(t, m);
    const both = Promise.all([confirm(m, first), confirm(m, second)]);
    await untilWaiting(t, 2);
    await hold.release();
    const answers = await both;
    expect(answers.filter((a) => 'paymentIntent' in a.body)).toHaveLength(1);
    expect(answers.filter((a) => 'error' in a.body).map((a) => a.body)).toEqual([{ error: { message: GOLD_ALREADY_PAID } }]);
    expect(await charged(m)).toBe(1);
  });
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
