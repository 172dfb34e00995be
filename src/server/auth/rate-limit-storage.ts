import type { Redis } from 'ioredis';

/** What Better Auth asks of a rate-limit store (its `rateLimit.customStorage`). */
export interface RateLimitStorage {
  consume(key: string, rule: { window: number; max: number }): Promise<{ allowed: boolean; retryAfter: number | null }>;
}

/**
 * Better Auth's sign-in and sign-up limits counted in Redis, so every instance of the forum
 * shares one budget per address (in each process's memory, two instances would give twice the
 * tries). One fixed window per key: the first request of a window creates the key with the
 * window as its expiry, each request counts, all in one MULTI. While Redis is unreachable each
 * instance counts in its own memory (plugins/redis.ts logs the outage): a budget a few times
 * larger across instances, but not none, which would leave sign-in open to guessing and the
 * reset mails to flooding an inbox for as long as the outage lasts.
 */
export function redisRateLimitStorage(redis: Redis, prefix: string): RateLimitStorage {
  const meanwhile = memoryRateLimitStorage();
  return {
    async consume(key, rule) {
      const k = prefix + key;
      try {
        const results = await redis.multi().set(k, 0, 'EX', rule.window, 'NX').incr(k).ttl(k).exec();
        const count = Number(results?.[1]?.[1]);
        const ttl = Number(results?.[2]?.[1]);
        if (!Number.isFinite(count)) return meanwhile.consume(key, rule);
        return count <= rule.max ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: ttl > 0 ? ttl : rule.window };
      } catch {
        return meanwhile.consume(key, rule);
      }
    },
  };
}

/**
 * The same fixed windows in this process's memory (one instance, no REDIS_URL). Expired keys
 * are swept as new ones arrive, so the map holds at most the keys of the longest window.
 */
export function memoryRateLimitStorage(): RateLimitStorage {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    async consume(key, rule) {
      const now = Date.now();
      if (now >= nextSweep) {
        for (const [k, w] of windows) if (now >= w.resetAt) windows.delete(k);
        nextSweep = now + 60_000;
      }
      let w = windows.get(key);
      if (!w || now >= w.resetAt) {
        w = { count: 0, resetAt: now + rule.window * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count <= rule.max
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.ceil((w.resetAt - now) / 1000) };
    },
  };
}
