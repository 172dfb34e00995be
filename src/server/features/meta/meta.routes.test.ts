import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

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
