import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { testRedisUrl } from '../test/redis.ts';

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
