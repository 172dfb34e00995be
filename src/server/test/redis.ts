import { Redis } from 'ioredis';

/**
 * The Redis the Redis suites run against: TEST_REDIS_URL, or a local one if it answers. CI
 * sets TEST_REDIS_URL (after starting Redis), so there they never skip: a Redis that does not
 * answer fails the run instead.
 */
async function findTestRedis(): Promise<string | null> {
  const configured = process.env.TEST_REDIS_URL;
  const url = configured ?? 'redis://127.0.0.1:6379';
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return url;
  } catch (error) {
    if (configured) throw new Error(`TEST_REDIS_URL is set but Redis at ${configured} does not answer: ${String(error)}`);
    return null;
  } finally {
    client.disconnect();
  }
}

export const testRedisUrl: string | null = await findTestRedis();
