import type { Redis } from 'ioredis';
import type { DomainEventType } from '../write-path/events.ts';
import type { Reaction } from '../write-path/write-path.ts';

/**
 * Answers of the busiest public reads (the post lists, the leaderboard), kept between the
 * writes that change them.
 *
 * Every committed write that changes what those reads show — a post written or removed, a
 * vote, a comment written or removed, a ban, a member's new name or photo — moves one version
 * number: the write path's reaction below does it from the write's events. A kept answer is used only while the
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

/** A safety net only: an answer left behind by a lost version bump expires within a minute. */
const ENTRY_TTL_SECONDS = 60;
/**
 * The version goes when a forum has written nothing for this long (its kept answers are long
 * gone by then), so a Redis shared by forums that come and go does not keep their keys.
 */
const VERSION_TTL_SECONDS = 30 * 86_400;

export function redisStore(redis: Redis, prefix: string): ReadCacheStore {
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
      await redis.multi().incr(versionKey).expire(versionKey, VERSION_TTL_SECONDS).exec();
    },
    // The connection belongs to whoever opened it (plugins/redis.ts).
    async close() {},
  };
}

/**
 * The kept answers of one app: `reply` answers a read from them, and the reaction below moves
 * the version after every committed write that could change one.
 */
export class ReadCache {
  /**
   * Answers being computed, by key, with the version each was started under: readers that
   * miss together share one computation (under a steady stream of writes most reads miss,
   * and on PostgreSQL each computation is a trip to the database).
   */
  private readonly inflight = new Map<string, { version: number; value: Promise<unknown> }>();

  constructor(private readonly store: ReadCacheStore) {}

  /** The kept answer for the key if it is current, or a freshly computed (and kept) one. */
  async read<T>(key: string, compute: () => Promise<T>): Promise<T> {
    let current: { version: number; entry: Entry | null };
    try {
      current = await this.store.read(key);
    } catch {
      return compute();
    }
    const { version, entry } = current;
    if (entry && entry.version === version) return entry.value as T;
    // A computation started under this version or a later one began after every write this
    // reader could have seen was committed: its answer will do.
    const running = this.inflight.get(key);
    if (running && running.version >= version) return running.value as Promise<T>;
    const flight = { version, value: this.computeAndKeep(key, version, compute) };
    this.inflight.set(key, flight);
    try {
      return await flight.value;
    } finally {
      if (this.inflight.get(key) === flight) this.inflight.delete(key);
    }
  }

  /**
   * Computed after reading the version: a write committed meanwhile has moved the version on,
   * so this answer is never served as newer than it is.
   */
  private async computeAndKeep<T>(key: string, version: number, compute: () => Promise<T>): Promise<T> {
    const value = await compute();
    await this.store.write(key, { version, value }).catch(() => {});
    return value;
  }

  async invalidate(): Promise<void> {
    try {
      await this.store.bump();
    } catch {
      // The store is unreachable; what it keeps expires on its own (ENTRY_TTL_SECONDS).
    }
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/**
 * Writes no kept answer shows; every other event (a new one included) moves the version. A new
 * tag does: the server-rendered home page (ADR 0015) shows the tag chips.
 */
const UNSEEN: ReadonlySet<DomainEventType> = new Set<DomainEventType>([
  'member.promoted',
  'member.demoted',
  'membership.upgraded',
  'report.filed',
  'report.dismissed',
  'payment.started',
  'payment.confirmed',
  'webhook.received',
  'image.stored',
  'activity.rolled',
  'notification.created',
  'notification.read',
  'notifications.read-all',
  'notification-settings.changed',
]);

/** After the commit: one version move for a batch of writes that changed what reads show. */
export function readCacheInvalidation(cache: ReadCache): Reaction {
  return {
    name: 'read-cache',
    async afterCommit(events) {
      if (events.some((e) => !UNSEEN.has(e.type))) await cache.invalidate();
    },
  };
}
