import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

/**
 * Stands in for Stripe's HTTP API at its boundary: the real `stripe` client talks to it over
 * HTTP. It knows just the PaymentIntent calls the server makes, and keeps Stripe's idempotent
 * requests: a POST with an Idempotency-Key seen before is answered with the status and body
 * saved the first time (marked Idempotent-Replayed), whatever became of the object since, a
 * failure on Stripe's side (5xx) as well as a success, and refused (400 idempotency_error, not
 * saved) when its parameters differ.
 */
export async function startStripeStub() {
  const intents = new Map<string, StubIntent>();
  const saved = new Map<string, { route: string; params: string; status: number; body: string }>();
  let seq = 0;
  let failNextCreate = false;
  let keyRevoked = false;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const reply = (status: number, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seq}`, ...headers });
        res.end(body);
      };
      const send = (status: number, body: unknown) => reply(status, JSON.stringify(body));
      const url = new URL(req.url ?? '/', 'http://stub');
      // Stripe answers a revoked or mistyped secret key with 401, before any idempotency.
      if (keyRevoked) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****_x' } });
      }
      const route = `${req.method} ${url.pathname}`;
      const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      if (typeof key === 'string') {
        const first = saved.get(key);
        if (first && (first.route !== route || first.params !== raw)) {
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        }
        if (first) return reply(first.status, first.body, { 'idempotent-replayed': 'true', 'idempotency-key': key });
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents' && failNextCreate) {
        failNextCreate = false;
        const body = JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } });
        // Saved like a success: Stripe keeps whatever a request it began to execute answered, for 24 hours.
        if (typeof key === 'string') saved.set(key, { route, params: raw, status: 500, body });
        return reply(500, body, typeof key === 'string' ? { 'idempotency-key': key } : {});
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const form = new URLSearchParams(raw);
        seq += 1;
        const id = `pi_stub_${seq}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m?.[1]) metadata[m[1]] = v;
        }
        const intent: StubIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? '',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_stub`,
          metadata,
        };
        intents.set(id, intent);
        const body = JSON.stringify(intent);
        if (typeof key === 'string') saved.set(key, { route, params: raw, status: 200, body });
        return reply(200, body, typeof key === 'string' ? { 'idempotency-key': key } : {});
      }
      const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m?.[1]) {
        const intent = intents.get(m[1]);
        return intent ? send(200, intent) : send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      }
      return send(404, { error: { type: 'invalid_request_error', message: 'Unknown route' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    /** The Idempotency-Key of each creation, in the order they were asked for (failed ones too). */
    idempotencyKeys: () => [...saved.keys()],
    /** The next PaymentIntent creation fails on Stripe's side: 500 api_error, saved under its key. */
    failNextCreate() {
      failNextCreate = true;
    },
    /** Every request refused as Stripe refuses a revoked secret key (401), until called with false. */
    revokeKey(revoked = true) {
      keyRevoked = revoked;
    },
    /** What a card confirmation in Stripe.js would do to the intent. */
    succeed(id: string) {
      const intent = intents.get(id);
      if (intent) intent.status = 'succeeded';
    },
    /** What happens to the intent at Stripe meanwhile (canceled, processing, requires_action…). */
    setStatus(id: string, status: string) {
      const intent = intents.get(id);
      if (intent) intent.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
