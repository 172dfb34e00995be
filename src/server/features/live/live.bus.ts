import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { LiveEventName } from '#shared/live-events.ts';
import { compareEventIds, eventIdMaker, type EventId } from './live-ids.ts';

/**
 * Who an event is for, as one key: `*` (everyone), `post:{id}` (the streams subscribed to that
 * post) or `member:{id}` (that member's streams only). A stream listens to a few keys.
 */
export type Audience = '*' | `post:${string}` | `member:${string}`;

export const everyone: Audience = '*';
export const subscribersOf = (postId: string): Audience => `post:${postId}`;
export const memberOnly = (memberId: string): Audience => `member:${memberId}`;

/**
 * Not an event for clients but word to every instance: streams of the member end, so that a
 * stream opened with a session that has since ended hears nothing more of the member's own
 * events. The browser reconnects on its own and is what its session now makes it. Its data
 * names the sessions that ended (streamsEnd), or is null: every stream of the member (a ban).
 */
export const STREAMS_END = 'streams-end';

/**
 * What the bus and its backlog (Redis among them) know a session by: a digest of its id, never
 * the id or its token. The hub makes the same of the session each stream was opened with.
 */
export const sessionMark = (sessionId: string): string => createHash('sha256').update(sessionId).digest('base64url');

/** The word that ends the member's streams opened with these sessions; null: all of them. */
export function streamsEnd(memberId: string, sessionIds: readonly string[] | null): LiveMessage {
  const data = sessionIds ? JSON.stringify({ sessions: sessionIds.map(sessionMark) }) : 'null';
  return { name: STREAMS_END, audience: memberOnly(memberId), data };
}

/**
 * The marks a STREAMS_END names, or null for every stream of the member: so is data that names
 * none (an instance that knew no other form sent `null`), as ending too many is only a reconnect.
 */
export function endedSessionMarks(data: string): Set<string> | null {
  try {
    const sessions = (JSON.parse(data) as { sessions?: unknown } | null)?.sessions;
    return Array.isArray(sessions) ? new Set(sessions.filter((s): s is string => typeof s === 'string')) : null;
  } catch {
    return null;
  }
}

/** An event to publish: its name, its audience and its data, already JSON. */
export interface LiveMessage {
  name: LiveEventName | typeof STREAMS_END;
  audience: Audience;
  data: string;
}

/** A published event, with the id every instance knows it by. */
export interface LiveEntry extends LiveMessage {
  id: EventId;
}

/**
 * Carries events from the writes that make them to every stream of the deployment, in one
 * order, and keeps the last of them for clients that reconnect.
 */
export interface LiveBus {
  publish(messages: readonly LiveMessage[]): Promise<void>;
  /**
   * How long the writes' events may wait to be published together: each publish to Redis is a
   * round trip, and writes committed a few milliseconds apart can share one. None in memory.
   */
  readonly lingerMs: number;
  /** The one listener of this instance (its streams), told of every entry in id order. */
  listen(listener: (entry: LiveEntry) => void): void;
  /** The kept entries after `id`, oldest first. */
  after(id: EventId): LiveEntry[];
  close(): Promise<void>;
}

/** At least this many of the last events are kept for replay (API.md: 5 minutes or 1,000 events). */
export const BACKLOG_EVENTS = 1000;

/** The last entries, oldest first; trimmed in steps so that keeping one costs nothing. */
export class Backlog {
  private entries: LiveEntry[] = [];

  constructor(private readonly size = BACKLOG_EVENTS) {}

  push(entry: LiveEntry): void {
    this.entries.push(entry);
    if (this.entries.length >= this.size * 2) this.entries = this.entries.slice(-this.size);
  }

  after(id: EventId): LiveEntry[] {
    // Binary search for the first entry newer than id.
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareEventIds(this.entries[mid]!.id, id) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return this.entries.slice(lo);
  }

  get last(): LiveEntry | undefined {
    return this.entries.at(-1);
  }
}

/** One instance: events go straight from the write to this process's streams. */
export function memoryBus(): LiveBus {
  const backlog = new Backlog();
  const nextId = eventIdMaker();
  let listener: (entry: LiveEntry) => void = () => {};
  return {
    lingerMs: 0,
    async publish(messages) {
      for (const message of messages) {
        const entry = { ...message, id: nextId() };
        backlog.push(entry);
        listener(entry);
      }
    },
    listen(l) {
      listener = l;
    },
    after: (id) => backlog.after(id),
    async close() {},
  };
}

/** How long one XREAD waits before asking again (so a dead connection is noticed). */
const BLOCK_MS = 5000;
/**
 * On PostgreSQL each write commits on its own; without this wait each comment's events took a
 * round trip to Redis of their own (2.2 trips a comment against 1.0). Far below the 250 ms a
 * live event may take (DESIGN.md).
 */
const PUBLISH_LINGER_MS = 10;

/** How often events Redis did not take are offered again while it stays away. */
const RETRY_MS = 1000;

/** The stream goes when the forum has published nothing for a day. */
const STREAM_TTL_MS = 86_400_000;

/**
 * Several instances: one Redis stream per deployment (`{prefix}live`). Publishing appends to
 * it (XADD, trimmed to about BACKLOG_EVENTS); every instance reads it in order on a
 * connection of its own (XREAD BLOCK) and hands each entry to its streams, keeping a copy of
 * the stream's tail for replay. The ids are the stream's, so they are the same on every
 * instance and a client may reconnect to any of them (docs/decisions/0011-live-updates.md).
 */
export async function redisBus(
  redis: Redis,
  key: string,
  onError: (error: unknown) => void,
  options: { startWaitMs?: number } = {},
): Promise<LiveBus> {
  // Its XREAD waits BLOCK_MS for an answer by design: no command timeout, and a connection
  // silent for longer than that is dead (plugins/redis.ts) and made again.
  const reader = redis.duplicate({
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    enableAutoPipelining: false,
    commandTimeout: undefined,
    socketTimeout: BLOCK_MS + 2000,
  });
  reader.on('error', () => {}); // reported by the read loop
  const backlog = new Backlog();
  let listener: (entry: LiveEntry) => void = () => {};
  let lastId: EventId | null = null;
  let closed = false;
  let failing = false;

  const toEntry = (id: string, fields: string[]): LiveEntry => {
    const value: Record<string, string> = {};
    for (let i = 0; i + 1 < fields.length; i += 2) value[fields[i]!] = fields[i + 1]!;
    return { id, name: value.n as LiveMessage['name'], audience: value.a as Audience, data: value.d ?? 'null' };
  };

  async function readLoop(started: () => void): Promise<void> {
    while (!closed) {
      try {
        if (lastId === null) {
          // The stream's tail, as the backlog; reading goes on from its last entry.
          const tail = (await reader.xrevrange(key, '+', '-', 'COUNT', BACKLOG_EVENTS)) as Array<[string, string[]]>;
          for (const [id, fields] of tail.reverse()) backlog.push(toEntry(id, fields));
          lastId = backlog.last?.id ?? '0-0';
          started();
        }
        const answer = (await reader.xread('COUNT', 1000, 'BLOCK', BLOCK_MS, 'STREAMS', key, lastId)) as Array<
          [string, Array<[string, string[]]>]
        > | null;
        failing = false;
        for (const [, entries] of answer ?? []) {
          for (const [id, fields] of entries) {
            const entry = toEntry(id, fields);
            lastId = id;
            backlog.push(entry);
            listener(entry);
          }
        }
      } catch (error) {
        if (closed) return;
        if (!failing) onError(error);
        failing = true;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  // Start-up waits briefly for the backlog, as for Redis itself (plugins/redis.ts).
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, options.startWaitMs ?? 2000);
    void readLoop(() => {
      clearTimeout(timer);
      resolve();
    });
  });

  /**
   * Events Redis did not take (it was unreachable, or did not answer in time), oldest first:
   * appended again once it answers, before anything newer, so every instance's streams get
   * them late rather than never. An outage longer than the backlog keeps the last of them, as
   * a client reconnecting could not replay more. An event Redis took but did not confirm may
   * so be appended twice; the browser keeps a comment or a post once by its id.
   */
  let held: LiveMessage[] = [];
  let retry: NodeJS.Timeout | null = null;
  let appending: Promise<void> | null = null;

  const hold = (messages: readonly LiveMessage[]) => {
    held.push(...messages);
    if (held.length > BACKLOG_EVENTS) held = held.slice(-BACKLOG_EVENTS);
    if (!retry && !closed) retry = setTimeout(() => void appendHeld(), RETRY_MS);
  };

  /** XADD each message in one round trip; the ones Redis did not take, in order. */
  const append = async (messages: readonly LiveMessage[]): Promise<{ unsent: LiveMessage[]; error?: unknown }> => {
    const batch = redis.pipeline();
    for (const m of messages) batch.xadd(key, 'MAXLEN', '~', BACKLOG_EVENTS, '*', 'n', m.name, 'a', m.audience, 'd', m.data);
    batch.pexpire(key, STREAM_TTL_MS);
    try {
      const results = (await batch.exec()) ?? [];
      const unsent = messages.filter((_, i) => !results[i] || results[i][0]);
      return { unsent, error: results.find(([error]) => error)?.[0] ?? undefined };
    } catch (error) {
      return { unsent: [...messages], error };
    }
  };

  /** One at a time, so the held events keep their order against newer ones. */
  const appendHeld = (): Promise<void> => {
    if (retry) clearTimeout(retry);
    retry = null;
    appending ??= (async () => {
      while (held.length > 0 && !closed) {
        const next = held;
        held = [];
        const { unsent } = await append(next);
        if (unsent.length > 0) {
          held = [...unsent, ...held].slice(-BACKLOG_EVENTS);
          break;
        }
      }
    })().finally(() => {
      appending = null;
      if (held.length > 0 && !retry && !closed) retry = setTimeout(() => void appendHeld(), RETRY_MS);
    });
    return appending;
  };
  // At once when Redis is back, not at the next retry.
  redis.on('ready', () => {
    if (held.length > 0) void appendHeld();
  });

  return {
    lingerMs: PUBLISH_LINGER_MS,
    async publish(messages) {
      if (messages.length === 0) return;
      // Behind the events still held, never before them.
      if (held.length > 0 || appending) {
        hold(messages);
        return;
      }
      const { unsent, error } = await append(messages);
      if (unsent.length > 0) {
        hold(unsent);
        throw error ?? new Error('Redis did not take the live events');
      }
    },
    listen(l) {
      listener = l;
    },
    after: (id) => backlog.after(id),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      reader.disconnect();
    },
  };
}
