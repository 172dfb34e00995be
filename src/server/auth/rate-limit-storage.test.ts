import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../test/redis.ts';
import { redisRateLimitStorage } from './rate-limit-storage.ts';

// Better Auth's sign-in and sign-up limits, kept in Redis so that every instance shares them.
// (In one process Better Auth's own memory store is shared by every instance already; the
// two-instance stage of CI checks the limit across real processes.)
describe.runIf(testRedisUrl !== null)('auth rate limits in Redis', () => {
  const redis = new Redis(testRedisUrl ?? '', { maxRetriesPerRequest: 1 });
  const prefix = `code-commons-test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('allows max requests per window for a key, then refuses with the time left; other keys and stores apart', async () => {
    const one = redisRateLimitStorage(redis, prefix);
    const other = redisRateLimitStorage(redis, prefix); // another instance of the same forum
    const rule = { window: 60, max: 3 };
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await (i % 2 ? other : one).consume('1.2.3.4|/sign-in/email', rule));
    expect(answers).toEqual(Array(3).fill({ allowed: true, retryAfter: null }));
    const refused = await other.consume('1.2.3.4|/sign-in/email', rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(55);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    expect(await one.consume('5.6.7.8|/sign-in/email', rule)).toEqual({ allowed: true, retryAfter: null });
    // Every key expires with its window.
    expect(await redis.ttl(`${prefix}1.2.3.4|/sign-in/email`)).toBeGreaterThan(0);
  });

  it('starts a new window once the last one has expired', async () => {
    const store = redisRateLimitStorage(redis, prefix);
    const rule = { window: 1, max: 1 };
    expect((await store.consume('k', rule)).allowed).toBe(true);
    expect((await store.consume('k', rule)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await store.consume('k', rule)).allowed).toBe(true);
  });

  // Letting every request through would leave sign-in open to guessing, and the reset mails to
  // flooding someone's inbox, for as long as Redis is away.
  it('counts in this process while Redis does not answer', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    down.on('error', () => {});
    const store = redisRateLimitStorage(down, prefix);
    expect(await store.consume('k', { window: 60, max: 1 })).toEqual({ allowed: true, retryAfter: null });
    expect(await store.consume('k', { window: 60, max: 1 })).toEqual({ allowed: false, retryAfter: 60 });
    expect(await store.consume('other', { window: 60, max: 1 })).toEqual({ allowed: true, retryAfter: null });
    down.disconnect();
  });
});
