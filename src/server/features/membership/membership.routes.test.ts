import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  GOLD_ALREADY_PAID,
  PAYMENT_PROCESSING,
  PAYMENT_PROVIDER_FAILED,
  PAYMENT_PROVIDER_REFUSED,
} from '#shared/schemas/payment.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { openEventStream, type EventStreamClient } from '../../test/event-stream.ts';
import { createPost, createTags } from '../../test/factories.ts';
import { recordOtherOpenPayment } from '../../test/payments.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';
import { startStripeStub } from '../../test/stripe-stub.ts';
import { createStripeProvider } from './payment-provider.ts';

const card = (number: string, over: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {}) => ({
  number,
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 2,
  cvc: '123',
  ...over,
});

describe('Gold membership with the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'go');
  });
  afterAll(() => t.close());

  const start = (m: TestMember) =>
    t.app.inject({ method: 'POST', url: '/api/create-payment', headers: m.headers, payload: { price: 0.01 } });
  const confirmWith = (m: TestMember, clientSecret: string, number = '4242 4242 4242 4242', over = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: m.headers,
      payload: { clientSecret, card: card(number, over), billing_details: { name: 'x', email: m.email } },
    });
  const pay = async (m: TestMember, number = '4242 4242 4242 4242', over = {}) => {
    const created = await start(m);
    expect(created.statusCode).toBe(200);
    const { clientSecret } = created.json() as { clientSecret: string };
    return { clientSecret, confirm: await confirmWith(m, clientSecret, number, over) };
  };
  const payments = (m: TestMember) => t.db.selectFrom('payments').select(['intent_id', 'status']).where('user_id', '=', m.id).execute();
  const upgrade = (m: TestMember, email = m.email) =>
    t.app.inject({ method: 'PATCH', url: `/api/update/membership/${email}`, headers: m.headers, payload: { membership: 'Gold' } });
  const membership = async (m: TestMember) => (await t.app.inject({ url: `/api/users/${m.email}`, headers: m.headers })).json().membership;

  it('ignores the price the browser sends and charges 9.99 USD', async () => {
    const m = await signUp(t.app);
    await pay(m);
    const row = await t.db.selectFrom('payments').selectAll().where('user_id', '=', m.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amount: 999, currency: 'usd', provider: 'sandbox', status: 'succeeded' });
  });

  it('refuses an upgrade without a completed payment with 402', async () => {
    const m = await signUp(t.app);
    const res = await upgrade(m);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_REQUIRED' });
    // A started but unpaid intent is not enough either.
    await t.app.inject({ method: 'POST', url: '/api/create-payment', headers: m.headers, payload: {} });
    expect((await upgrade(m)).statusCode).toBe(402);
    // The body is optional (the price is the server's): none at all starts one too.
    const bare = await t.app.inject({ method: 'POST', url: '/api/create-payment', headers: m.headers });
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual({ clientSecret: expect.any(String) });
    expect((await upgrade(m)).statusCode).toBe(402);
    expect(await membership(m)).toBe('Bronze');
  });

  it('upgrades after a successful test-card payment, idempotently, and raises the post limit to 10', async () => {
    const m = await signUp(t.app);
    for (let i = 0; i < 5; i += 1) await createPost(t.app, m, { category: 'go' });
    const { confirm } = await pay(m);
    expect(confirm.json()).toEqual({ paymentIntent: { id: expect.stringMatching(/^pi_sandbox_/), status: 'succeeded' } });
    expect((await upgrade(m)).json()).toEqual({ modifiedCount: 1 });
    expect((await upgrade(m)).json()).toEqual({ modifiedCount: 0 });
    expect(await membership(m)).toBe('Gold');
    for (let i = 0; i < 5; i += 1) await createPost(t.app, m, { category: 'go' });
    const eleventh = await t.app.inject({
      method: 'POST',
      url: '/api/post-data',
      headers: m.headers,
      payload: { title: 't', description: 'd', category: 'go' },
    });
    expect(eleventh.statusCode).toBe(403);
  });

  it('does not start a second payment for a Gold member: 409, and nothing recorded', async () => {
    const m = await signUp(t.app);
    await pay(m);
    expect((await upgrade(m)).json()).toEqual({ modifiedCount: 1 });
    const before = (await payments(m)).length;
    const again = await t.app.inject({ method: 'POST', url: '/api/create-payment', headers: m.headers, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You are already a Gold member.', code: 'CONFLICT' });
    expect(await payments(m)).toHaveLength(before);
  });

  it('gives every tab the member’s open payment, still open after a refused card', async () => {
    const m = await signUp(t.app);
    const first = await start(m);
    const second = await start(m);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const { clientSecret } = first.json() as { clientSecret: string };
    expect((await confirmWith(m, clientSecret, '4000 0000 0000 0002')).json()).toEqual({ error: { message: CARD_MESSAGES.declined } });
    // The next visit of the page pays the same payment.
    expect((await start(m)).json()).toEqual({ clientSecret });
    expect((await confirmWith(m, clientSecret)).json()).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    expect(await payments(m)).toEqual([{ intent_id: expect.stringMatching(/^pi_sandbox_/), status: 'succeeded' }]);
  });

  it('charges once whichever tab pays, and answers a checkout opened once it is paid with 409', async () => {
    const m = await signUp(t.app);
    const { clientSecret } = (await start(m)).json() as { clientSecret: string };
    const otherTab = (await start(m)).json() as { clientSecret: string };
    expect((await confirmWith(m, clientSecret)).json()).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    // The other tab pays the same payment: succeeded, nothing charged again.
    expect((await confirmWith(m, otherTab.clientSecret)).json()).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    // Paid, the upgrade not come yet: no new payment.
    const paid = await start(m);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ message: GOLD_ALREADY_PAID, code: 'CONFLICT' });
    expect((await upgrade(m)).json()).toEqual({ modifiedCount: 1 });
    expect((await start(m)).json()).toEqual({ message: 'You are already a Gold member.', code: 'CONFLICT' });
    expect(await payments(m)).toEqual([{ intent_id: expect.any(String), status: 'succeeded' }]);
  });

  it('finds a paid intent behind twenty other payments recorded after it', async () => {
    const m = await signUp(t.app);
    const { confirm } = await pay(m);
    expect(confirm.json()).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    // The app opens no checkout after a paid one (409): these stand for open payments a member
    // holds from before checkouts were reused.
    for (let i = 0; i < 20; i += 1) await recordOtherOpenPayment(t.db, m.id);
    expect((await upgrade(m)).json()).toEqual({ modifiedCount: 1 });
    expect(await membership(m)).toBe('Gold');
  });

  it('does not let one member’s payment upgrade another, nor anyone upgrade someone else', async () => {
    const payer = await signUp(t.app);
    const other = await signUp(t.app);
    const { clientSecret } = await pay(payer);
    expect((await upgrade(other)).statusCode).toBe(402);
    expect((await upgrade(other, payer.email)).statusCode).toBe(403);
    // Nor confirm someone else's intent.
    const steal = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: other.headers,
      payload: { clientSecret, card: card('4242424242424242') },
    });
    expect(steal.statusCode).toBe(403);
    expect(await membership(other)).toBe('Bronze');
  });

  it.each([
    ['4000 0000 0000 0002', {}, CARD_MESSAGES.declined],
    ['4000 0000 0000 9995', {}, CARD_MESSAGES.insufficientFunds],
    ['4242 4242 4242 4241', {}, CARD_MESSAGES.invalidNumber],
    ['4242 4242 4242 4242', { exp_year: 2020, exp_month: 1 }, CARD_MESSAGES.expired],
  ])('refuses the test card %s with the provider’s message, and no upgrade follows', async (number, over, message) => {
    const m = await signUp(t.app);
    const { confirm } = await pay(m, number, over);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ error: { message } });
    expect((await upgrade(m)).statusCode).toBe(402);
  });

  it.each([{ exp_month: true }, { exp_year: [2030] }, { exp_year: null }, { exp_month: '1.5' }, { exp_month: 0 }])(
    'refuses a card with %j as a 400, and no upgrade follows',
    async (over) => {
      const m = await signUp(t.app);
      const { confirm } = await pay(m, '4242 4242 4242 4242', over);
      expect(confirm.statusCode).toBe(400);
      expect(confirm.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((await upgrade(m)).statusCode).toBe(402);
    },
  );

  it('takes the month and year as numbers or as their digits, as the provider does', async () => {
    const m = await signUp(t.app);
    const { confirm } = await pay(m, '4242 4242 4242 4242', { exp_month: '07', exp_year: ' 2031 ' });
    expect(confirm.json()).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    expect((await upgrade(m)).statusCode).toBe(200);
  });

  it('never stores the card number', async () => {
    const m = await signUp(t.app);
    await pay(m);
    const rows = await t.db.selectFrom('payments').selectAll().where('user_id', '=', m.id).execute();
    // Neither the number (with its spaces or without) nor its last four digits as a value of their
    // own. Not "4242" anywhere: the random ids and secrets hold those four characters now and then.
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('4242 4242');
    expect(stored).not.toContain('42424242');
    expect(rows.flatMap((row) => Object.values(row).map(String))).not.toContain('4242');
  });

  it('answers bad input with 400 and unknown secrets with 404', async () => {
    const m = await signUp(t.app);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: m.headers,
      payload: { clientSecret: 'x', card: { number: 1 } },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: m.headers,
      payload: { clientSecret: 'nope', card: card('4242424242424242') },
    });
    expect(unknown.statusCode).toBe(404);
    const role = await t.app.inject({
      method: 'PATCH',
      url: `/api/update/membership/${m.email}`,
      headers: m.headers,
      payload: { membership: 'Platinum' },
    });
    expect(role.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/create-payment', payload: {} })).statusCode).toBe(401);
  });
});

describe('Gold membership with Stripe (local stub at the HTTP boundary)', () => {
  let t: TestApp;
  let stub: Awaited<ReturnType<typeof startStripeStub>>;
  /** Where the members' event streams are opened. */
  let base: string;
  const streams: EventStreamClient[] = [];
  const webhookSecret = 'whsec_test_secret';
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
    await createTags(t, 'go');
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await t.close();
    await stub.close();
  });

  const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;
  const webhook = (event: object, secret = webhookSecret) => {
    const payload = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'stripe-signature': header, 'content-type': 'application/json' },
      payload,
    });
  };
  const succeededEvent = (id: string, intentId: string, metadata: Record<string, string>, amount = 999) => ({
    id,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: intentId, object: 'payment_intent', amount, currency: 'usd', status: 'succeeded', metadata } },
  });
  /** The bank declined a payment: Stripe puts the PaymentIntent back to requires_payment_method, the decline in last_payment_error. */
  const failedEvent = (id: string, intentId: string, metadata: Record<string, string>) => ({
    id,
    object: 'event',
    type: 'payment_intent.payment_failed',
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        amount: 999,
        currency: 'usd',
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        metadata,
      },
    },
  });

  it('creates a 999-cent PaymentIntent with the member’s id, and upgrades only once Stripe says it succeeded', async () => {
    const m = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/create-payment', headers: m.headers, payload: { price: 1 } });
    const { clientSecret } = res.json() as { clientSecret: string };
    const intent = stub.intents.get(intentIdOf(clientSecret))!;
    expect(intent).toMatchObject({ amount: 999, currency: 'usd', metadata: { userId: m.id } });
    const early = await upgrade(m);
    expect(early.statusCode).toBe(402);
    stub.succeed(intent.id);
    const ok = await upgrade(m);
    expect(ok.json()).toEqual({ modifiedCount: 1 });
    // The sandbox is off when Stripe is configured.
    const sandbox = await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/confirm', headers: m.headers, payload: {} });
    expect(sandbox.statusCode).toBe(404);
  });

  it('upgrades through a signed webhook even if the browser never came back, and ignores a replay', async () => {
    const m = await signUp(t.app);
    const { clientSecret } = (await t.app.inject({ method: 'POST', url: '/api/create-payment', headers: m.headers, payload: {} })).json();
    const intentId = intentIdOf(clientSecret);
    const res = await webhook(succeededEvent('evt_1', intentId, { userId: m.id }));
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/users/${m.email}`, headers: m.headers })).json().membership).toBe('Gold');
    const replay = await webhook(succeededEvent('evt_1', intentId, { userId: m.id }));
    expect(replay.statusCode).toBe(200);
    const events = await t.db.selectFrom('webhook_events').selectAll().execute();
    expect(events.filter((e) => e.id === 'evt_1')).toHaveLength(1);
  });

  it('makes no PaymentIntent for a member who is already Gold', async () => {
    const m = await signUp(t.app);
    const { clientSecret } = (await t.app.inject({ method: 'POST', url: '/api/create-payment', headers: m.headers, payload: {} })).json();
    stub.succeed(intentIdOf(clientSecret));
    await upgrade(m);
    const intents = stub.intents.size;
    const again = await t.app.inject({ method: 'POST', url: '/api/create-payment', headers: m.headers, payload: { price: 9.99 } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
    expect(stub.intents.size).toBe(intents);
  });

  const start = (m: TestMember) => t.app.inject({ method: 'POST', url: '/api/create-payment', headers: m.headers, payload: {} });
  const upgrade = (m: TestMember) =>
    t.app.inject({ method: 'PATCH', url: `/api/update/membership/${m.email}`, headers: m.headers, payload: { membership: 'Gold' } });
  const secretOf = async (m: TestMember) => {
    const res = await start(m);
    expect(res.statusCode).toBe(200);
    return (res.json() as { clientSecret: string }).clientSecret;
  };
  const recorded = (m: TestMember) =>
    t.db.selectFrom('payments').select('intent_id').where('user_id', '=', m.id).orderBy('created_at').execute();

  it('gives every tab the open PaymentIntent, and answers 409 once Stripe says it is paid or on its way', async () => {
    const m = await signUp(t.app);
    const before = stub.intents.size;
    const clientSecret = await secretOf(m);
    const intentId = intentIdOf(clientSecret);
    expect(await secretOf(m)).toBe(clientSecret);
    // A card that asked for authentication, or was refused, leaves it open.
    stub.setStatus(intentId, 'requires_action');
    expect(await secretOf(m)).toBe(clientSecret);
    stub.setStatus(intentId, 'requires_payment_method');
    expect(await secretOf(m)).toBe(clientSecret);
    for (const [status, message] of [
      ['processing', PAYMENT_PROCESSING],
      ['succeeded', GOLD_ALREADY_PAID],
    ]) {
      stub.setStatus(intentId, status!);
      const paid = await start(m);
      expect(paid.statusCode).toBe(409);
      expect(paid.json()).toEqual({ message, code: 'CONFLICT' });
    }
    expect((await upgrade(m)).json()).toEqual({ modifiedCount: 1 });
    expect((await start(m)).json()).toEqual({ message: 'You are already a Gold member.', code: 'CONFLICT' });
    expect(stub.intents.size).toBe(before + 1);
    expect(await recorded(m)).toEqual([{ intent_id: intentId }]);
  });

  it('starts a new PaymentIntent once the open one is canceled at Stripe or is for another price, keyed on the one it replaces', async () => {
    const m = await signUp(t.app);
    const first = intentIdOf(await secretOf(m));
    stub.setStatus(first, 'canceled');
    const second = intentIdOf(await secretOf(m));
    expect(second).not.toBe(first);
    expect(intentIdOf(await secretOf(m))).toBe(second);
    stub.intents.get(second)!.amount = 500;
    const third = intentIdOf(await secretOf(m));
    expect(new Set([first, second, third]).size).toBe(3);
    expect(stub.intents.get(third)).toMatchObject({ amount: 999, currency: 'usd', status: 'requires_payment_method' });
    expect(await recorded(m)).toEqual([{ intent_id: first }, { intent_id: second }, { intent_id: third }]);
    expect(stub.idempotencyKeys()).toEqual(
      expect.arrayContaining([
        `gold-membership:${m.id}:first:0`,
        `gold-membership:${m.id}:${first}:0`,
        `gold-membership:${m.id}:${second}:0`,
      ]),
    );
  });

  it('answers 503 when Stripe fails to make the PaymentIntent, and makes it at the next checkout, under a new key', async () => {
    const m = await signUp(t.app);
    // Stripe saves its 500 under the key and answers it to every later request with that key
    // (the client's own retries included) for a day.
    stub.failNextCreate();
    const failed = await start(m);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ message: PAYMENT_PROVIDER_FAILED, code: 'INTERNAL' });
    expect(await recorded(m)).toEqual([]);
    const first = intentIdOf(await secretOf(m));
    expect(stub.intents.get(first)).toMatchObject({ amount: 999, currency: 'usd', metadata: { userId: m.id } });
    expect(intentIdOf(await secretOf(m))).toBe(first);
    expect(await recorded(m)).toEqual([{ intent_id: first }]);
    // The same when it replaces a canceled one.
    stub.setStatus(first, 'canceled');
    stub.failNextCreate();
    expect((await start(m)).statusCode).toBe(503);
    const second = intentIdOf(await secretOf(m));
    expect(second).not.toBe(first);
    expect(await recorded(m)).toEqual([{ intent_id: first }, { intent_id: second }]);
    expect(stub.idempotencyKeys().filter((key) => key.includes(m.id))).toEqual([
      `gold-membership:${m.id}:first:0`,
      `gold-membership:${m.id}:first:1`,
      `gold-membership:${m.id}:${first}:1`,
      `gold-membership:${m.id}:${first}:2`,
    ]);
  });

  it('stands in for Stripe’s idempotent requests: the saved answer again, or a refusal for other parameters', async () => {
    const api = new URL(stub.url);
    const client = new Stripe('sk_test_x', { host: api.hostname, port: api.port, protocol: 'http', maxNetworkRetries: 0 });
    const params = { amount: 999, currency: 'usd', metadata: { userId: 'someone' } };
    const created = await client.paymentIntents.create(params, { idempotencyKey: 'stub-key' });
    stub.succeed(created.id);
    const again = await client.paymentIntents.create(params, { idempotencyKey: 'stub-key' });
    expect(again).toMatchObject({ id: created.id, status: 'requires_payment_method' });
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(client.paymentIntents.create({ ...params, amount: 500 }, { idempotencyKey: 'stub-key' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
    // A failure on Stripe's side is saved too: the key answers it again, a new key does not.
    stub.failNextCreate();
    const failure = { type: 'StripeAPIError', statusCode: 500 };
    await expect(client.paymentIntents.create(params, { idempotencyKey: 'stub-failed' })).rejects.toMatchObject(failure);
    await expect(client.paymentIntents.create(params, { idempotencyKey: 'stub-failed' })).rejects.toMatchObject({
      ...failure,
      headers: expect.objectContaining({ 'idempotent-replayed': 'true' }),
    });
    expect(await client.paymentIntents.create(params, { idempotencyKey: 'stub-next' })).toMatchObject({
      status: 'requires_payment_method',
    });
  });

  it('tells Stripe failing on its side, or not answering, from Stripe refusing the request', async () => {
    const api = new URL(stub.url);
    const provider = (port: string) =>
      createStripeProvider(new Stripe('sk_test_x', { host: api.hostname, port, protocol: 'http', maxNetworkRetries: 0 }));
    const input = { userId: 'someone', amount: 999, currency: 'usd', idempotencyKey: 'provider-failed' };
    stub.failNextCreate();
    await expect(provider(api.port).createIntent(input)).rejects.toMatchObject({ name: 'ProviderError', failure: 'failed' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(provider(String(port)).createIntent(input)).rejects.toMatchObject({ name: 'ProviderError', failure: 'failed' });
    // Other parameters under a key already used (the price changed meanwhile): that key can make
    // nothing more either.
    await expect(provider(api.port).createIntent({ ...input, idempotencyKey: 'provider-other' })).resolves.toBeTruthy();
    await expect(provider(api.port).createIntent({ ...input, idempotencyKey: 'provider-other', amount: 500 })).rejects.toMatchObject({
      failure: 'failed',
      cause: { type: 'StripeIdempotencyError', statusCode: 400 },
    });
  });

  it('answers a refusal of the forum’s own key with 502 in its own words, not as the member’s 401, and changes nothing', async () => {
    const m = await signUp(t.app);
    const { clientSecret } = (await start(m)).json() as { clientSecret: string };
    stub.succeed(intentIdOf(clientSecret));
    const other = await signUp(t.app);
    stub.revokeKey();
    try {
      const refused = [await start(other), await start(m), await upgrade(m)];
      for (const res of refused) {
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({ message: PAYMENT_PROVIDER_REFUSED, code: 'INTERNAL' });
      }
    } finally {
      stub.revokeKey(false);
    }
    // Both still signed in; nothing recorded for the one, and the other upgrades once Stripe answers.
    expect(await recorded(other)).toEqual([]);
    expect((await t.app.inject({ url: `/api/users/${m.email}`, headers: m.headers })).json().membership).toBe('Bronze');
    const ok = await upgrade(m);
    expect(ok.json()).toEqual({ modifiedCount: 1 });
  });

  const statusOf = async (intentId: string) =>
    (await t.db.selectFrom('payments').select('status').where('intent_id', '=', intentId).executeTakeFirstOrThrow()).status;
  const membershipOf = async (m: TestMember) =>
    (await t.app.inject({ url: `/api/users/${m.email}`, headers: m.headers })).json().membership;
  const handled = async (eventId: string) =>
    (await t.db.selectFrom('webhook_events').select('id').where('id', '=', eventId).execute()).length;
  const streamOf = async (m: TestMember) => {
    const s = await openEventStream(base, '/api/events', { cookie: m.cookie });
    streams.push(s);
    return s;
  };

  it('says a payment the bank has yet to confirm is being processed, to a checkout opened meanwhile (409), offering nothing to pay', async () => {
    const m = await signUp(t.app);
    const clientSecret = await secretOf(m);
    // Stripe.js confirmed it in the browser; the bank answers later.
    stub.setStatus(intentIdOf(clientSecret), 'processing');
    const reloaded = await start(m);
    expect([reloaded.statusCode, reloaded.json()]).toEqual([409, { message: PAYMENT_PROCESSING, code: 'CONFLICT' }]);
    expect((await upgrade(m)).statusCode).toBe(402);
  });

  it('records a payment the bank declines after processing, once, tells that member’s streams only, and offers the same checkout again', async () => {
    const m = await signUp(t.app);
    const other = await signUp(t.app);
    const clientSecret = await secretOf(m);
    const intentId = intentIdOf(clientSecret);
    stub.setStatus(intentId, 'processing');
    const [mine, theirs] = [await streamOf(m), await streamOf(other)];
    // A failure naming someone else is not this member's.
    await webhook(failedEvent('evt_failed_other', intentId, { userId: other.id }));
    expect(await statusOf(intentId)).toBe('requires_payment_method');

    stub.setStatus(intentId, 'requires_payment_method');
    const res = await webhook(failedEvent('evt_failed_1', intentId, { userId: m.id }));
    expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    expect(await statusOf(intentId)).toBe('failed');
    expect(await membershipOf(m)).toBe('Bronze');
    expect(JSON.parse((await mine.take('payment-failed')).data)).toEqual({});

    // Delivered again: handled once, told once.
    expect((await webhook(failedEvent('evt_failed_1', intentId, { userId: m.id }))).statusCode).toBe(200);
    expect(await handled('evt_failed_1')).toBe(1);
    const marker = await createPost(t.app, other, { category: 'go' });
    const markerSeen = (e: { event: string; data: string }) => e.event === 'post' && (JSON.parse(e.data) as { _id: string })._id === marker;
    await mine.take(markerSeen);
    await theirs.take(markerSeen);
    expect(mine.events.filter((e) => e.event === 'payment-failed')).toHaveLength(1);
    expect(theirs.events.filter((e) => e.event === 'payment-failed')).toEqual([]);

    // The next visit of the page pays the same PaymentIntent, told that its last payment failed.
    expect((await start(m)).json()).toEqual({ clientSecret, lastPaymentFailed: true });
    expect((await upgrade(m)).statusCode).toBe(402);
  });

  it('makes Gold a payment that succeeds after one failed, and keeps it Gold when a failure arrives after the success', async () => {
    const m = await signUp(t.app);
    const clientSecret = await secretOf(m);
    const intentId = intentIdOf(clientSecret);
    await webhook(failedEvent('evt_order_failed', intentId, { userId: m.id }));
    expect(await statusOf(intentId)).toBe('failed');
    // Paid again with another card, and taken.
    stub.succeed(intentId);
    await webhook(succeededEvent('evt_order_succeeded', intentId, { userId: m.id }));
    expect(await statusOf(intentId)).toBe('succeeded');
    expect(await membershipOf(m)).toBe('Gold');
    // Stripe does not promise the order of its events: an earlier attempt's failure delivered
    // after the success changes nothing.
    const late = await webhook(failedEvent('evt_order_late', intentId, { userId: m.id }));
    expect(late.statusCode).toBe(200);
    expect(await statusOf(intentId)).toBe('succeeded');
    expect(await membershipOf(m)).toBe('Gold');
    expect([await handled('evt_order_failed'), await handled('evt_order_succeeded'), await handled('evt_order_late')]).toEqual([1, 1, 1]);
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const m = await signUp(t.app);
    const { clientSecret } = (await t.app.inject({ method: 'POST', url: '/api/create-payment', headers: m.headers, payload: {} })).json();
    const res = await webhook(succeededEvent('evt_2', intentIdOf(clientSecret), { userId: m.id }), 'whsec_wrong');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await t.app.inject({ url: `/api/users/${m.email}`, headers: m.headers })).json().membership).toBe('Bronze');
  });

  it('does not upgrade on a webhook for the wrong amount or for an intent naming someone else', async () => {
    const m = await signUp(t.app);
    const other = await signUp(t.app);
    const { clientSecret } = (await t.app.inject({ method: 'POST', url: '/api/create-payment', headers: m.headers, payload: {} })).json();
    await webhook(succeededEvent('evt_3', intentIdOf(clientSecret), { userId: m.id }, 100));
    await webhook(succeededEvent('evt_4', intentIdOf(clientSecret), { userId: other.id }));
    for (const x of [m, other]) {
      expect((await t.app.inject({ url: `/api/users/${x.email}`, headers: x.headers })).json().membership).toBe('Bronze');
    }
  });
});

describe('the sandbox in production', () => {
  it('refuses to take payments unless explicitly enabled, with a 404 that leaves the member signed in', async () => {
    const secret = 'p'.repeat(40);
    const off = await buildTestApp({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret });
    try {
      const m = await signUp(off.app);
      // Not the member's 403: the browser ends the session on a 403 (API.md), and nothing here
      // is the member's doing; the calls are absent, as the sandbox's confirmation and the webhook are.
      const notConfigured = { message: 'Payments are not configured on this server.', code: 'NOT_FOUND' };
      const res = await off.app.inject({ method: 'POST', url: '/api/create-payment', headers: m.headers, payload: {} });
      expect([res.statusCode, res.json()]).toEqual([404, notConfigured]);
      const upgrade = await off.app.inject({
        method: 'PATCH',
        url: `/api/update/membership/${m.email}`,
        headers: m.headers,
        payload: { membership: 'Gold' },
      });
      expect([upgrade.statusCode, upgrade.json()]).toEqual([404, notConfigured]);
      expect(await off.db.selectFrom('payments').select('id').execute()).toEqual([]);
      expect((await off.app.inject({ url: '/api/config' })).json().payments).toEqual({ provider: 'none', publishableKey: null });
    } finally {
      await off.close();
    }
    const on = await buildTestApp({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, SANDBOX_PAYMENTS: 'on' });
    try {
      const m = await signUp(on.app);
      expect((await on.app.inject({ method: 'POST', url: '/api/create-payment', headers: m.headers, payload: {} })).statusCode).toBe(200);
    } finally {
      await on.close();
    }
  });
});
