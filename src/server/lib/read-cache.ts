import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Answers of the busiest public reads (the post lists, the leaderboard), kept between the
 * writes that change them.
 *
 * Every write that changes what those reads show — a post written or removed, a vote, a
 * comment written or removed, a ban, a member's new name or photo — calls contentChanged()
 * once it is committed, which moves one version number. A kept answer is used only while the
 * version it was computed under is still the current one, so a reader never gets an answer
 * older than the last committed write it could have seen.
 *
 * Where the version and the answers live decides who sees them: in Redis (REDIS_URL) every
 * instance shares them; without Redis, in this process — correct only because a SQLite
 * database has exactly one server process. PostgreSQL without Redis may run several
 * instances, so there nothing is kept.
 */

interface Entry {
  version: number;
  value: unknown;
}

export interface ReadCacheStore {
  /** The current version, and what is stored under the key (possibly from an older version). */
  read(key: string): Promise<{ version: number; entry: Entry | null }>;
  write(key: string, entry: Entry): Promise<void>;
  bump(): Promise<void>;
  close(): Promise<void>;
}

/** Keys kept at most in memory (the least recently used go first); a few hundred kilobytes. */
const MEMORY_ENTRIES = 200;

export function memoryStore(maxEntries = MEMORY_ENTRIES): ReadCacheStore {
  let version = 0;
  const entries = new Map<string, Entry>();
  return {
    async read(key) {
      const entry = entries.get(key) ?? null;
      if (entry) {
        entries.delete(key);
        entries.set(key, entry);
      }
      return { version, entry };
    },
    async write(key, entry) {
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    async bump() {
      version += 1;
      entries.clear();
    },
    async close() {
      entries.clear();
    },
  };
}

/** The subset of an ioredis client this store uses. */
export interface RedisLike {
  mget(...keys: string[]): Promise<Array<string | null>>;
  set(key: string, value: string, mode: 'EX', seconds: number): Promise<unknown>;
  incr(key: string): Promise<number>;
  quit(): Promise<unknown>;
}

/** A safety net only: an answer left behind by a lost version bump expires within a minute. */
const ENTRY_TTL_SECONDS = 60;

export function redisStore(redis: RedisLike, prefix: string): ReadCacheStore {
  const versionKey = `${prefix}version`;
  return {
    async read(key) {
      const [version, entry] = await redis.mget(versionKey, prefix + key);
      return { version: Number(version ?? 0), entry: entry ? (JSON.parse(entry) as Entry) : null };
    },
    async write(key, entry) {
      await redis.set(prefix + key, JSON.stringify(entry), 'EX', ENTRY_TTL_SECONDS);
    },
    async bump() {
      await redis.incr(versionKey);
    },
    async close() {
      await redis.quit();
    },
  };
}

const stores = new WeakMap<Kysely<DB>, ReadCacheStore>();

/** Keeps this database's cached reads in the store (set up once, by buildApp). */
export function useReadCache(db: Kysely<DB>, store: ReadCacheStore): void {
  stores.set(db, store);
}

/** To be called after every committed write that changes a cached read (see above). */
export async function contentChanged(db: Kysely<DB>): Promise<void> {
  const store = stores.get(db);
  if (!store) return;
  try {
    await store.bump();
  } catch {
    // The store is unreachable; what it keeps expires on its own (ENTRY_TTL_SECONDS).
  }
}

/** The kept answer for the key if it is current, or a freshly computed (and kept) one. */
export async function cachedRead<T>(db: Kysely<DB>, key: string, compute: () => Promise<T>): Promise<T> {
  const store = stores.get(db);
  if (!store) return compute();
  let current: { version: number; entry: Entry | null };
  try {
    current = await store.read(key);
  } catch {
    return compute();
  }
  const { version, entry } = current;
  if (entry && entry.version === version) return entry.value as T;
  // Computed after reading the version: a write committed meanwhile has moved the version on,
  // so this answer is never served as newer than it is.
  const value = await compute();
  await store.write(key, { version, value }).catch(() => {});
  return value;
}
