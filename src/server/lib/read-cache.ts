import type { Redis } from 'ioredis';
import type { DomainEvent, DomainEventType } from '../write-path/events.ts';
import type { Reaction } from '../write-path/write-path.ts';

/**
 * Answers of the busiest public reads (the post lists, the leaderboard), kept between the
 * writes that change them.
 *
 * Every committed write that changes what those reads show moves a version number (one for
 * the whole forum) and stamps the tags it touched with it — `post:<id>` for a post whose
 * votes or comments changed, `scores` when the popularity order may change, `activity` for
 * the leaderboard's points, and ALL for anything else (a post written or removed, a ban, a
 * member's new name or photo…): the write path's reaction below does it from the write's
 * events. A kept answer carries the version it was computed under (read before it was
 * computed) and the tags it depends on (ALL, and what the answer shows); it is used only while
 * none of them has been stamped with a later version. So a vote on a post on page 50 leaves
 * the home page kept, and a reader never gets an answer older than the last committed write
 * it could have seen: a write committed before the reader read the version is in the answer,
 * and one committed after it stamps a tag later than the answer's version.
 *
 * Where the version and the answers live decides who sees them: in Redis (REDIS_URL) every
 * instance shares them; without Redis, in this process — correct only because a SQLite
 * database has exactly one server process. PostgreSQL without Redis may run several
 * instances, so there nothing is kept.
 */

/** The tag every kept answer depends on: a write stamped with it changes every answer. */
export const ALL = '*';

export interface Entry {
  version: number;
  /** What the answer depends on (ALL among them). */
  tags: readonly string[];
  value: unknown;
}

export interface ReadCacheStore {
  /** The current version, and the answer kept under the key while none of its tags moved past it. */
  read(key: string): Promise<{ version: number; value: unknown }>;
  write(key: string, entry: Entry): Promise<void>;
  /** Moves the version on, and stamps these tags with it. */
  bump(tags: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** No kept answer (`value` of ReadCacheStore.read). */
export const MISSING = undefined;

/** Keys kept at most in memory (the least recently used go first); a few hundred kilobytes. */
const MEMORY_ENTRIES = 200;
/** Tags remembered at most in memory; past that every kept answer is dropped and they start again. */
const MEMORY_TAGS = 10_000;

/** Puts `key` last in a map kept in the order of use, dropping the least recently used past `max`. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as string);
}

export function memoryStore(maxEntries = MEMORY_ENTRIES, maxTags = MEMORY_TAGS): ReadCacheStore {
  let version = 0;
  /** Answers computed under an earlier version than this are never used (the tags were forgotten). */
  let floor = 0;
  const entries = new Map<string, Entry>();
  const stamps = new Map<string, number>();
  const current = (entry: Entry) => entry.version >= floor && entry.tags.every((tag) => (stamps.get(tag) ?? 0) <= entry.version);
  return {
    async read(key) {
      const entry = entries.get(key);
      if (!entry) return { version, value: MISSING };
      if (!current(entry)) {
        entries.delete(key);
        return { version, value: MISSING };
      }
      remember(entries, key, entry, maxEntries);
      return { version, value: entry.value };
    },
    async write(key, entry) {
      if (current(entry)) remember(entries, key, entry, maxEntries);
      else entries.delete(key);
    },
    async bump(tags) {
      version += 1;
      for (const tag of tags) stamps.set(tag, version);
      if (stamps.size > maxTags) {
        stamps.clear();
        entries.clear();
        floor = version;
      }
    },
    async close() {
      entries.clear();
      stamps.clear();
    },
  };
}

/** A safety net only: an answer left behind by a lost version bump expires within a minute. */
const ENTRY_TTL_SECONDS = 60;
/**
 * A tag's stamp outlives every answer computed before it (those expire within ENTRY_TTL_SECONDS
 * of being written, and are written within moments of being begun), so a missing stamp means
 * that no kept answer is older than the last write to the tag.
 */
const TAG_TTL_SECONDS = 3 * ENTRY_TTL_SECONDS;
/**
 * The version goes when a forum has written nothing for this long (its kept answers are long
 * gone by then), so a Redis shared by forums that come and go does not keep their keys.
 */
const VERSION_TTL_SECONDS = 30 * 86_400;

// One round trip each. An entry is a hash: its header `h` ("<version> <tag> <tag>…", what the
// read checks) and its body `v` (the JSON of the value). The read copies the body out only when
// the caller's own copy is not the current one: a kept home page is some 13 kB, and reading it
// into the script on every read made the script 20 µs a call against 4 for the header alone.
// (The tag keys are named inside the scripts: fine for one Redis, not for a Redis Cluster.)
// The read answers {version} when nothing current is kept, {version, made} when what is kept
// was made under ARGV[2] (the version of the caller's own copy, which then still holds), and
// {version, made, JSON} otherwise.
//
// The version only rises while its key lives. Should the key go while answers are kept (a month
// without a write, answers read all along; an eviction; Redis back empty while an answer begun
// before is written), it counts again from 0, and the stamps of the writes that follow are below
// what those answers were made under: such an answer is dropped when read, and never written.
const READ_SCRIPT = `
local version = tonumber(redis.call('GET', KEYS[2]) or '0')
local header = redis.call('HGET', KEYS[1], 'h')
if not header then return {version} end
local made = nil
for word in string.gmatch(header, '%S+') do
  if made == nil then
    made = tonumber(word)
    if made > version then
      redis.call('DEL', KEYS[1])
      return {version}
    end
  else
    local stamp = redis.call('GET', ARGV[1] .. word)
    if stamp and tonumber(stamp) > made then return {version} end
  end
end
if made == tonumber(ARGV[2]) then return {version, made} end
local body = redis.call('HGET', KEYS[1], 'v')
if not body then return {version} end
return {version, made, body}
`;
const WRITE_SCRIPT = `
if tonumber(ARGV[4]) > tonumber(redis.call('GET', KEYS[2]) or '0') then return 0 end
redis.call('HSET', KEYS[1], 'h', ARGV[1], 'v', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
`;
const BUMP_SCRIPT = `
local version = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
for i = 4, #ARGV do redis.call('SET', ARGV[1] .. ARGV[i], version, 'EX', ARGV[3]) end
return version
`;

/**
 * Kept in Redis, with a copy of the answers last used in this process: Redis still decides
 * whether an answer is current (one round trip), but a current answer this process holds
 * already is not sent again, nor parsed again (a home page is some 13 kB of JSON, which cost
 * more than the rest of the request).
 */
export function redisStore(redis: Redis, prefix: string, localEntries = MEMORY_ENTRIES): ReadCacheStore {
  const versionKey = `${prefix}version`;
  // Named apart from the strings earlier versions kept under prefix + key, which are not hashes: an
  // instance of either version reads only its own entries, and both move the same version and tags.
  const entryPrefix = `${prefix}entry:`;
  const tagPrefix = `${prefix}tag:`;
  /** By key, least recently used first: the answer and the version it was made under. */
  const local = new Map<string, { made: number; value: unknown }>();
  const hold = (key: string, made: number, value: unknown) => remember(local, key, { made, value }, localEntries);
  const move = (tags: readonly string[]) =>
    redis.eval(BUMP_SCRIPT, 1, versionKey, tagPrefix, VERSION_TTL_SECONDS, TAG_TTL_SECONDS, ...tags);

  // A write committed while Redis was unreachable (here or on another instance) moved no version:
  // what was kept before it would be answered again once Redis is back. So after the connection
  // drops, or a move fails, nothing is read or kept until a move of ALL has gone through.
  // (`drops` counts the drops: a move sent before one may have run before the outage.) So too
  // at start: the database may have been restored while the servers were stopped, and what was
  // kept from it before must not be answered. A move of ALL for a write settles it as well.
  let owed = true;
  let drops = 0;
  let settling: Promise<void> | null = null;
  redis.on('close', () => {
    owed = true;
    drops += 1;
    // Redis may come back empty, its version counting again from 0: no copy here may match it.
    local.clear();
  });
  const settle = async (): Promise<void> => {
    if (!owed) return;
    const since = drops;
    settling ??= move([ALL])
      .then(() => {
        if (drops === since) owed = false;
      })
      .finally(() => {
        settling = null;
      });
    await settling;
    if (owed) throw new Error('The connection to Redis dropped again');
  };
  // At once when Redis is back, not at the next read: the other instances may read before.
  redis.on('ready', () => void settle().catch(() => {}));

  return {
    async read(key) {
      await settle();
      const held = local.get(key);
      const [version, made, json] = (await redis.eval(READ_SCRIPT, 2, entryPrefix + key, versionKey, tagPrefix, held?.made ?? -1)) as [
        number,
        number?,
        string?,
      ];
      if (json !== undefined) {
        const value = JSON.parse(json) as unknown;
        hold(key, Number(made), value);
        return { version: Number(version), value };
      }
      // Made under the version of the copy held here (none is made under -1): that copy is current.
      if (made !== undefined && held) {
        hold(key, held.made, held.value);
        return { version: Number(version), value: held.value };
      }
      local.delete(key);
      return { version: Number(version), value: MISSING };
    },
    async write(key, entry) {
      if (owed) return;
      const header = `${entry.version} ${entry.tags.join(' ')}`;
      const json = JSON.stringify(entry.value);
      const written = await redis.eval(WRITE_SCRIPT, 2, entryPrefix + key, versionKey, header, json, ENTRY_TTL_SECONDS, entry.version);
      // Not kept there (made under a version Redis no longer holds): not here either.
      if (written === 1) hold(key, entry.version, entry.value);
    },
    async bump(tags) {
      const since = drops;
      try {
        await move(tags);
        if (tags.includes(ALL) && drops === since) owed = false;
      } catch (error) {
        owed = true;
        throw error;
      }
    },
    // The connection belongs to whoever opened it (plugins/redis.ts).
    async close() {
      local.clear();
    },
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

  /**
   * The kept answer for the key if it is current, or a freshly computed (and kept) one.
   * `tagsOf` names what the answer depends on beyond ALL (the posts it shows, say); an answer
   * `keep` refuses is answered but not kept.
   */
  async read<T>(
    key: string,
    compute: () => Promise<T>,
    tagsOf: (value: T) => readonly string[] = () => [],
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    let current: { version: number; value: unknown };
    try {
      current = await this.store.read(key);
    } catch {
      return compute();
    }
    const { version, value } = current;
    if (value !== MISSING) return value as T;
    // A computation started under this version or a later one began after every write this
    // reader could have seen was committed: its answer will do.
    const running = this.inflight.get(key);
    if (running && running.version >= version) return running.value as Promise<T>;
    const flight = { version, value: this.computeAndKeep(key, version, compute, tagsOf, keep) };
    this.inflight.set(key, flight);
    try {
      return await flight.value;
    } finally {
      if (this.inflight.get(key) === flight) this.inflight.delete(key);
    }
  }

  /**
   * Computed after reading the version: a write committed meanwhile stamps its tags with a
   * later version, so this answer is never served as newer than it is.
   */
  private async computeAndKeep<T>(
    key: string,
    version: number,
    compute: () => Promise<T>,
    tagsOf: (value: T) => readonly string[],
    keep: (value: T) => boolean,
  ): Promise<T> {
    const value = await compute();
    if (!keep(value)) return value;
    await this.store.write(key, { version, tags: [ALL, ...tagsOf(value)], value }).catch(() => {});
    return value;
  }

  /** Every kept answer that depends on one of these tags (by default: every one) is computed again. */
  async invalidate(tags: readonly string[] = [ALL]): Promise<void> {
    try {
      await this.store.bump(tags);
    } catch {
      // The store is unreachable; what it keeps expires on its own (ENTRY_TTL_SECONDS).
    }
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** Tags of the kept answers (see above): the post lists tag the posts they show. */
export const postTag = (postId: string) => `post:${postId}`;
/** The popularity order (every post's score). */
export const SCORES = 'scores';
/** The leaderboard's points. */
export const ACTIVITY = 'activity';

/**
 * Writes no kept answer shows. A new tag is not one of them: the server-rendered home page
 * (ADR 0015) shows the tag chips.
 */
const UNSEEN: ReadonlySet<DomainEventType> = new Set<DomainEventType>([
  'member.promoted',
  'member.demoted',
  'membership.upgraded',
  'report.filed',
  'report.dismissed',
  'payment.started',
  'payment.confirmed',
  'payment.failed',
  'webhook.received',
  'image.stored',
  'activity.rolled',
  'search.outdated',
  'notification.created',
  'notification.read',
  'notifications.read-all',
  'unread.changed',
  'notification-settings.changed',
]);

/**
 * The tags a write touched. Votes and comments change their post and the points (and a vote
 * the scores); every other event that reads show (a new one included) touches ALL.
 */
export function tagsTouchedBy(events: readonly DomainEvent[]): string[] {
  const tags = new Set<string>();
  for (const event of events) {
    if (UNSEEN.has(event.type)) continue;
    switch (event.type) {
      case 'vote.cast':
        tags.add(postTag(event.postId)).add(SCORES).add(ACTIVITY);
        break;
      case 'comment.added':
      case 'comment.edited':
        tags.add(postTag(event.comment.postId)).add(ACTIVITY);
        break;
      case 'comments.removed':
        for (const c of event.comments) tags.add(postTag(c.postId));
        tags.add(ACTIVITY);
        break;
      default:
        return [ALL];
    }
  }
  return [...tags];
}

/** After the commit: one version move for a batch of writes, stamping the tags they touched. */
export function readCacheInvalidation(cache: ReadCache): Reaction {
  return {
    name: 'read-cache',
    async afterCommit(events) {
      const tags = tagsTouchedBy(events);
      if (tags.length > 0) await cache.invalidate(tags);
    },
  };
}
