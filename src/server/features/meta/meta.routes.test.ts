import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTags } from '../../test/factories.ts';
import { signUp } from '../../test/sign-in.ts';

describe('operations and the error shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers health without the database and ready with it', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
  });

  it('answers an unknown API route with the JSON 404 shape', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    }
  });

  it('refuses a write from another origin’s page with the member’s cookie, changing nothing; its own pages, scripts and reads go on', async () => {
    const member = await signUp(t.app, { name: 'Origin' });
    await createTags(t, 'origin-tag');
    const write = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/post-data',
        headers: { cookie: member.cookie, host: 'forum.example', 'content-type': 'application/json', ...headers },
        payload: { title: 'Cross', description: 'From elsewhere', category: 'origin-tag' },
      });
    const count = async () => (await t.app.inject({ url: '/api/pagination' })).headers['x-total-count'];
    const before = await count();

    const foreign: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-site', origin: 'https://evil.forum.example' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of foreign) {
      const res = await write(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ message: 'Writes are only accepted from this forum’s own pages.', code: 'FORBIDDEN' });
    }
    expect(await count()).toBe(before);

    // Its own page (as a browser says it, or by Origin alone), and a script that says neither.
    expect((await write({ 'sec-fetch-site': 'same-origin', origin: 'http://forum.example' })).statusCode).toBe(200);
    expect((await write({ origin: 'http://forum.example' })).statusCode).toBe(200);
    expect((await write({})).statusCode).toBe(200);
    // PUBLIC_URL's origin behind a proxy that rewrites Host.
    expect((await write({ origin: 'http://localhost:3000' })).statusCode).toBe(200);
    // A read from anywhere is still a read.
    const read = await t.app.inject({
      url: '/api/pagination',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('answers addresses the router or Node’s parser refuses in the one error shape, without echoing them', async () => {
    for (const url of ['/api/post-data/%ZZ', `/api/post-data/${'a'.repeat(2000)}`, '/tags/%ZZ/feed.xml']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'VALIDATION_FAILED' });
      expect(res.body).not.toContain('aaaa');
      expect(res.body).not.toContain('%ZZ');
    }
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(base);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const tooLarge = await raw(`GET /api/health?q=${'x'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(tooLarge).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(tooLarge.slice(tooLarge.indexOf('\r\n\r\n') + 4))).toEqual({
      message: 'The request’s headers are too large.',
      code: 'VALIDATION_FAILED',
    });
    const notHttp = await raw('HELLO\r\n\r\n');
    expect(notHttp).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(notHttp.slice(notHttp.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('sends security headers with a same-origin Content-Security-Policy and no Stripe hosts by default', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('stripe.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Error answers carry them too.
    const missing = await t.app.inject({ url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
  });

  it('publishes the public configuration without secrets', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.json()).toEqual({
      siteName: 'Code Commons',
      googleEnabled: false,
      payments: { provider: 'sandbox', publishableKey: null },
    });
    expect(res.body).not.toContain(t.config.authSecret);
  });

  it('lists announcements with X-Total-Count and validates paging', async () => {
    const res = await t.app.inject({ url: '/api/announcement-data' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('0');
    expect(res.json()).toEqual([]);
    for (const q of ['page=-1', 'page=1.5', 'page=abc', 'limit=0', 'limit=101']) {
      const bad = await t.app.inject({ url: `/api/announcement-data?${q}` });
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: expect.any(Array) });
    }
  });
});

describe('configuration with Stripe and Google', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
  });
  afterAll(() => t.close());

  it('allows Stripe’s hosts in the CSP and reports Google and Stripe as configured', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.json()).toEqual({
      siteName: 'Code Commons',
      googleEnabled: true,
      payments: { provider: 'stripe', publishableKey: 'pk_test_x' },
    });
    expect(String(res.headers['content-security-policy'])).toContain('https://js.stripe.com');
    expect(res.body).not.toContain('sk_test_x');
  });
});
