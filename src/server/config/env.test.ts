import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('configuration from the environment', () => {
  it('keeps reads between writes unless READ_CACHE=off', () => {
    expect(load({}).readCache).toBe(true);
    expect(load({ READ_CACHE: 'on' }).readCache).toBe(true);
    expect(load({ READ_CACHE: 'off' }).readCache).toBe(false);
  });

  it('rate-limits by default only in production, and either value overrides', () => {
    const secret = 'x'.repeat(40);
    expect(load({}).rateLimit).toBe(false);
    expect(load({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret }).rateLimit).toBe(true);
    expect(load({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, RATE_LIMIT: 'off' }).rateLimit).toBe(false);
    expect(load({ RATE_LIMIT: 'on' }).rateLimit).toBe(true);
  });

  it('reads X-Forwarded-For only from private-network proxies by default in production, from none otherwise, and TRUST_PROXY overrides', () => {
    const secret = 'x'.repeat(40);
    expect(load({}).trustedProxies).toEqual([]);
    expect(load({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret }).trustedProxies).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(load({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, TRUST_PROXY: 'off' }).trustedProxies).toEqual([]);
    expect(load({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,::1' }).trustedProxies).toEqual(['10.0.0.0/8', '192.0.2.7', '::1']);
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY is off or a comma-separated list/);
    expect(() => load({ TRUST_PROXY: '1' })).toThrow(ConfigError);
  });

  it('refuses unknown switch values and a production start without a secret, with a clear message', () => {
    expect(() => load({ READ_CACHE: 'maybe' })).toThrow(ConfigError);
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/BETTER_AUTH_SECRET is required/);
    expect(() => load({ DATABASE_URL: 'mysql://x' })).toThrow(/must be a postgres:\/\/ URL/);
  });

  it('warns at start when links would name localhost: in production or with SMTP, without PUBLIC_URL', () => {
    const secret = 'x'.repeat(40);
    expect(load({}).warnings).toEqual([]);
    // Payments on (the sandbox), so that only the warning of this test is said.
    const paying = { SANDBOX_PAYMENTS: 'on' };
    expect(load({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, PORT: '8080', ...paying }).warnings).toEqual([
      expect.stringMatching(/^PUBLIC_URL is not set: links in mails, feeds and the sitemap point at http:\/\/localhost:8080\./),
    ]);
    const smtp = { SMTP_URL: 'smtp://mail.example.org:587', MAIL_FROM: 'forum@example.org' };
    expect(load(smtp).warnings).toHaveLength(1);
    expect(load({ ...smtp, PUBLIC_URL: 'https://forum.example.org' }).warnings).toEqual([]);
    expect(
      load({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, PUBLIC_URL: 'https://forum.example.org', ...paying }).warnings,
    ).toEqual([]);
  });

  it('takes PUBLIC_URL as the origin people reach the forum at, and refuses anything else with a sentence', () => {
    expect(load({ PUBLIC_URL: 'https://forum.example.org/' }).publicUrl).toBe('https://forum.example.org');
    expect(load({ PUBLIC_URL: ' https://Forum.Example.org:443 ' }).publicUrl).toBe('https://forum.example.org');
    expect(load({ PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe('http://localhost:3000');
    expect(load({ PUBLIC_URL: 'http://[::1]:8080' }).publicUrl).toBe('http://[::1]:8080');
    // Each of these started the server with links that lead nowhere: no scheme (the "scheme" is
    // then the host), another scheme, or a path or query, under which /api/auth answered 404.
    for (const wrong of [
      'localhost:3000',
      'forum.example.org:443',
      'forum.example.org',
      'ftp://forum.example.org',
      'https://forum.example.org/forum',
      'https://forum.example.org/?ref=mail',
      'https://forum.example.org/#top',
      'https://admin:secret@forum.example.org',
    ]) {
      expect(() => load({ PUBLIC_URL: wrong }), wrong).toThrow(/PUBLIC_URL is the address people reach the forum at/);
    }
  });

  it('lets a tool read a data dir without making one, nor a secret in it, even in production', () => {
    const missing = path.join(dataDir, 'mistyped');
    const config = loadConfig({ DATA_DIR: missing, NODE_ENV: 'production' }, { tool: true });
    expect(config.sqlitePath).toBe(path.join(missing, 'code-commons.sqlite'));
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(missing)).toBe(false);
    // The server makes both.
    loadConfig({ DATA_DIR: missing });
    expect(existsSync(path.join(missing, 'auth-secret'))).toBe(true);
  });

  it('sends mail by SMTP only when SMTP_URL and MAIL_FROM are both set, and refuses half of it', () => {
    expect(load({}).mail).toEqual({ smtp: null, retryDelaysMs: [5_000, 30_000, 120_000] });
    const smtp = { SMTP_URL: 'smtps://forum:secret@mail.example.org:465', MAIL_FROM: 'Code Commons <forum@example.org>' };
    expect(load(smtp).mail.smtp).toEqual({ url: smtp.SMTP_URL, from: smtp.MAIL_FROM });
    expect(load({ ...smtp, MAIL_RETRY_DELAYS: '100,200' }).mail.retryDelaysMs).toEqual([100, 200]);
    expect(() => load({ SMTP_URL: smtp.SMTP_URL })).toThrow(/SMTP_URL and MAIL_FROM are set together/);
    expect(() => load({ MAIL_FROM: smtp.MAIL_FROM })).toThrow(/SMTP_URL and MAIL_FROM are set together/);
    expect(() => load({ ...smtp, SMTP_URL: 'https://mail.example.org' })).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(load({ ...smtp, MAIL_FROM: '"Forum, the" <forum@example.org>' }).mail.smtp?.from).toBe('"Forum, the" <forum@example.org>');
    expect(load({ ...smtp, MAIL_FROM: 'forum@example.org' }).mail.smtp?.from).toBe('forum@example.org');
    for (const from of [
      'not an address',
      'forum@',
      'a@example.org, b@example.org',
      'Team: a@example.org, b@example.org;',
      'Code Commons <>',
    ]) {
      expect(() => load({ ...smtp, MAIL_FROM: from }), from).toThrow(/MAIL_FROM must be one address/);
    }
    expect(() => load({ MAIL_RETRY_DELAYS: 'soon' })).toThrow(ConfigError);
    // A wait past a timer's longest ran after 1 ms: the retries came at once.
    expect(load({ MAIL_RETRY_DELAYS: '2147483647' }).mail.retryDelaysMs).toEqual([2_147_483_647]);
    expect(() => load({ MAIL_RETRY_DELAYS: '5000,2147483648' })).toThrow(/MAIL_RETRY_DELAYS: each wait is at most/);
  });

  it('listens on the port PORT names, and refuses a blank or non-decimal one rather than a port picked at random', () => {
    expect(load({}).port).toBe(3000);
    expect(load({ PORT: '8080' }).port).toBe(8080);
    expect(load({ PORT: ' 8080 ' }).port).toBe(8080);
    expect(load({ PORT: '0' }).port).toBe(0);
    for (const port of ['', ' ', '0x50', '1e3', '80.5', '-1', '65536', 'http']) {
      expect(() => load({ PORT: port }), port).toThrow(/PORT is a port number from 0 to 65535/);
    }
  });

  it('takes REDIS_URL as a redis:// or rediss:// URL or a socket path, and refuses another scheme with a sentence', () => {
    for (const url of [
      'redis://127.0.0.1:6379',
      'rediss://user:pass@cache.example.org:6380/2',
      '/run/redis/redis.sock',
      '127.0.0.1:6379',
    ]) {
      expect(load({ REDIS_URL: url }).redisUrl, url).toBe(url);
    }
    for (const url of ['http://127.0.0.1:6379', 'reddis://127.0.0.1:6379', 'tcp://127.0.0.1:6379']) {
      expect(() => load({ REDIS_URL: url }), url).toThrow(/REDIS_URL is a redis:\/\/ or rediss:\/\/ URL/);
    }
  });

  it('warns at start when Google sign-in or Stripe is configured in part', () => {
    expect(load({ GOOGLE_CLIENT_ID: 'id' }).warnings).toEqual([
      'GOOGLE_CLIENT_ID is set without GOOGLE_CLIENT_SECRET: "Login with Google" stays off until both are.',
    ]);
    expect(load({ GOOGLE_CLIENT_SECRET: 'secret' }).warnings).toEqual([
      'GOOGLE_CLIENT_SECRET is set without GOOGLE_CLIENT_ID: "Login with Google" stays off until both are.',
    ]);
    expect(load({ STRIPE_SECRET_KEY: 'sk_test_x' }).warnings).toEqual([
      'STRIPE_SECRET_KEY is set without STRIPE_PUBLISHABLE_KEY: the membership page cannot show the card form.',
    ]);
    expect(
      load({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk' }).warnings,
    ).toEqual([]);
  });

  it('warns at start when Stripe settings are given without the secret key, which alone turns Stripe on', () => {
    const sandbox = 'the built-in payment sandbox takes the payments';
    expect(load({ STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }).warnings).toEqual([
      `STRIPE_PUBLISHABLE_KEY is set without STRIPE_SECRET_KEY: Stripe stays off and ${sandbox}.`,
    ]);
    expect(load({ STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'whsec' }).warnings).toEqual([
      `STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are set without STRIPE_SECRET_KEY: Stripe stays off and ${sandbox}.`,
    ]);
  });

  it('warns at start in production when no payment provider is configured: Gold cannot be bought', () => {
    const production = { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://forum.example.org' };
    const none =
      'No payment provider is configured: members cannot buy Gold membership (the membership page says card payments are not available). ' +
      'Set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or SANDBOX_PAYMENTS=on on a server that takes no real payments.';
    expect(load(production).warnings).toEqual([none]);
    expect(load({ ...production, STRIPE_PUBLISHABLE_KEY: 'pk' }).warnings).toEqual([
      'STRIPE_PUBLISHABLE_KEY is set without STRIPE_SECRET_KEY: Stripe stays off and no payments are taken.',
      none,
    ]);
    expect(load({ ...production, SANDBOX_PAYMENTS: 'on' }).warnings).toEqual([]);
    expect(load({ ...production, STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk' }).warnings).toEqual([]);
  });
});
