import { mkdtempSync, rmSync } from 'node:fs';
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

  it('refuses unknown switch values and a production start without a secret, with a clear message', () => {
    expect(() => load({ READ_CACHE: 'maybe' })).toThrow(ConfigError);
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/BETTER_AUTH_SECRET is required/);
    expect(() => load({ DATABASE_URL: 'mysql://x' })).toThrow(/must be a postgres:\/\/ URL/);
  });
});
