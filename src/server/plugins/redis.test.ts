import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { createPost, createTags } from '../test/factories.ts';
import { testRedisUrl } from '../test/redis.ts';
import { signUp } from '../test/sign-in.ts';
import { tcpProxy } from '../test/tcp-proxy.ts';

// Instances of one forum share their keys in Redis (limits, kept answers, events); two forums
// on one Redis never do.
describe.skipIf(!process.env.TEST_DATABASE_URL || !testRedisUrl)('the Redis prefix on PostgreSQL', () => {
  it('names one database the same however its URL is written, and another database otherwise', async () => {
    const redis = { REDIS_URL: testRedisUrl! };
    const a = await buildTestApp(redis);
    const spelled = new URL(a.config.databaseUrl!);
    spelled.protocol = spelled.protocol === 'postgres:' ? 'postgresql:' : 'postgres:';
    spelled.searchParams.set('application_name', 'code-commons-b');
    const b = await buildTestApp({ ...redis, DATABASE_URL: spelled.toString() });
    const other = await buildTestApp(redis);
    try {
      expect(b.config.databaseUrl).not.toBe(a.config.databaseUrl);
      expect(b.app.redisPrefix).toBe(a.app.redisPrefix);
      expect(other.app.redisPrefix).not.toBe(a.app.redisPrefix);
      expect(a.app.redisPrefix).toMatch(/^code-commons:[0-9a-f]{16}:$/);
    } finally {
      await other.close();
      await b.close();
      await a.close();
    }
  });
});

// A Redis that stops answering without closing the connection (a network that drops packets,
// a Redis paused or swapping) must not hold the requests that use it: ioredis waits for ever
// by default, and TCP takes a quarter of an hour to give up.
describe.skipIf(!testRedisUrl)('a Redis that stops answering', () => {
  it('holds reads, writes and sign-in a few seconds at most, and is used again once back', async () => {
    const proxy = await tcpProxy(testRedisUrl!);
    const t = await buildTestApp({ REDIS_URL: proxy.url, RATE_LIMIT: 'on' });
    try {
      await createTags(t, 'typescript');
      const alice = await signUp(t.app);
      const postId = await createPost(t.app, alice);
      const timed = async (request: InjectOptions) => {
        const started = Date.now();
        const res = await Promise.race([
          t.app.inject(request),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in 8 s')), 8000)),
        ]);
        return { status: res.statusCode, ms: Date.now() - started };
      };

      proxy.hold();
      const read = await timed({ url: '/api/pagination?page=0&limit=10' });
      expect(read.status).toBe(200);
      expect(read.ms).toBeLessThan(4000);
      const write = await timed({ method: 'POST', url: '/api/comment-data', headers: alice.headers, payload: { postId, comment: 'Held' } });
      expect(write.status).toBe(200);
      expect(write.ms).toBeLessThan(4000);
      const signIn = await timed({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: alice.email, password: alice.password },
      });
      expect(signIn.status).toBe(200);
      expect(signIn.ms).toBeLessThan(4000);

      proxy.restore();
      for (let i = 0; i < 100 && t.app.redis!.status !== 'ready'; i += 1) await new Promise((r) => setTimeout(r, 100));
      expect(t.app.redis!.status).toBe('ready');
      expect(await t.app.redis!.ping()).toBe('PONG');
    } finally {
      proxy.restore();
      await t.close();
      await proxy.close();
    }
  });
});

// SIGTERM while Redis is away (down since the start, or gone meanwhile) still stops the server
// cleanly: the connection is dropped rather than asked to QUIT over a socket it does not have.
describe('an app whose Redis is unreachable', () => {
  it('closes without an error', async () => {
    // Nothing listens on port 1.
    const t = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(t.app.redis!.status).not.toBe('ready');
    await expect(t.close()).resolves.toBeUndefined();
  });
});
