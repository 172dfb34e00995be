import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { releaseHttpParser } from '../../lib/release-http-parser.ts';
import type { ViewerSession } from '../../plugins/auth.ts';
import {
  BACKLOG_EVENTS,
  STREAMS_END,
  endedSessionMarks,
  everyone,
  memberOnly,
  sessionMark,
  subscribersOf,
  type Audience,
  type LiveBus,
  type LiveEntry,
} from './live.bus.ts';
import type { EventId } from './live-ids.ts';

export interface LiveHubOptions {
  /** How often every open stream gets a comment line (proxies close silent connections). */
  heartbeatMs: number;
  /** Open streams allowed per client address; one more is refused (429). */
  streamsPerAddress: number;
  /** A client that has not read this much of what was sent is dropped (it reconnects and replays). */
  maxBufferedBytes?: number;
}

/** The session a member's stream was opened with: its id, and its expiry (milliseconds) as last read. */
type StreamSession = ViewerSession;

/** Sessions' expiry (milliseconds) by id, as stored now; a session that is gone is left out. */
export type SessionExpiries = (ids: readonly string[]) => Promise<Map<string, number>>;

interface Stream {
  res: ServerResponse;
  address: string;
  keys: Audience[];
  /** While it catches up: the events still to write, oldest first (the replay, then live ones). */
  pending: LiveEntry[] | null;
  /** A member's stream: the session it lasts as long as. */
  session: StreamSession | null;
  /**
   * While its session is read again — just after the stream opened (it may have ended while the
   * request read it), or past the expiry last read (another request may have extended it): what
   * the stream is to be sent meanwhile (its replay, the events that came), in order, written if
   * the session holds and dropped with the stream if not.
   */
  held: LiveEntry[] | null;
}

/**
 * What a client is told to wait before its browser reconnects on its own: 2–5 s, a pause of its
 * own, so that when a restart ends every stream the browsers (and the pages they fetch again,
 * web/lib/live-events.ts) come back spread out rather than all in the same moment.
 */
const RETRY_MIN_MS = 2000;
const RETRY_SPREAD_MS = 3000;
const retryMs = () => RETRY_MIN_MS + Math.floor(Math.random() * RETRY_SPREAD_MS);
const HEARTBEAT = ': \n\n';

function releaseParserOf(res: ServerResponse): void {
  if (res.socket && !res.writableEnded) releaseHttpParser(res.socket, res.req);
}

/** A connection still holding what its client has not read: it is not reading, and goes without it. */
function dropUnread(socket: Socket): void {
  if (socket.writableLength > 0) socket.destroy();
}

const frameOf = (entry: LiveEntry) => `id: ${entry.id}\nevent: ${entry.name}\ndata: ${entry.data}\n\n`;

/** A replay goes out in writes of about this much, each once the reader has taken the last. */
const CATCH_UP_CHUNK = 64 * 1024;
/**
 * A stream this many events behind is let go: it reconnects and replays what the backlog keeps.
 * A replay is at most the backlog (fewer than twice BACKLOG_EVENTS).
 */
const MAX_PENDING = BACKLOG_EVENTS * 3;

/**
 * This instance's open event streams: who listens to what, one heartbeat timer for all of
 * them, the cap per address, and their end when the server stops. A stream costs its socket
 * and one small record; an event is formatted once and written to the streams of its audience.
 * A member's stream ends when its session does: ended elsewhere (the bus's STREAMS_END, which
 * names the sessions that ended), or expired. The expiry is checked where the stream is
 * touched anyway, at each heartbeat and before an event is written to it, never by a timer of
 * its own; once it has passed, the session is read again, since a request made with it
 * meanwhile may have extended it. It is read again, too, once a member's stream is registered,
 * before anything is written to it: an end that came before would otherwise go unheard.
 */
export class LiveHub {
  private readonly byAudience = new Map<Audience, Set<Stream>>();
  private readonly perAddress = new Map<string, number>();
  private readonly streams = new Set<Stream>();
  /** Members' streams opened in this turn of the event loop, their sessions not yet read again. */
  private opening: Stream[] | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly maxBuffered: number;

  constructor(
    private readonly bus: LiveBus,
    private readonly options: LiveHubOptions,
    private readonly sessionExpiries: SessionExpiries,
  ) {
    this.maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
    bus.listen((entry) => this.deliver(entry));
  }

  get size(): number {
    return this.streams.size;
  }

  /** Whether one more stream from this address is allowed. */
  admits(address: string): boolean {
    return !this.closed && (this.perAddress.get(address) ?? 0) < this.options.streamsPerAddress;
  }

  /**
   * Takes over the response: headers, then what the client missed after `since`, then every
   * event of its audience until it goes. The replay is taken and the stream registered in one
   * turn of the event loop, so nothing falls between them and nothing comes twice. The replay
   * (up to the whole backlog, megabytes) is written as fast as the client reads it, the live
   * events queued behind it: one that reads nothing holds a chunk, not the backlog. A member's
   * stream is sent its replay and what comes once its session is found again (confirm).
   */
  open(
    res: ServerResponse,
    request: {
      headers: Record<string, string | number | string[] | undefined>;
      address: string;
      /** The member and the session they were read from, or null. */
      member: { id: string; session: StreamSession } | null;
      postId: string | null;
      since: EventId | null;
    },
  ): void {
    const keys: Audience[] = [everyone];
    if (request.member) keys.push(memberOnly(request.member.id));
    if (request.postId) keys.push(subscribersOf(request.postId));
    const session = request.member ? { ...request.member.session } : null;
    const stream: Stream = { res, address: request.address, keys, pending: null, session, held: null };

    res.socket?.setNoDelay(true);
    res.socket?.setTimeout(0);
    res.writeHead(200, {
      ...(request.headers as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      // Never stored, never transformed (compressed or buffered) on the way.
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${retryMs()}\n\n`);
    // Gone already (while its session was read): there will be no 'close' to hear.
    if (res.destroyed || !res.socket || res.socket.destroyed) return;
    const missed = request.since
      ? this.bus.after(request.since).filter((entry) => entry.name !== STREAMS_END && keys.includes(entry.audience))
      : [];
    // A member's stream writes nothing, its replay included, until its session has been read
    // again once the stream is registered (confirm).
    if (session) stream.held = missed;
    else if (missed.length > 0) stream.pending = missed;

    this.streams.add(stream);
    this.perAddress.set(stream.address, (this.perAddress.get(stream.address) ?? 0) + 1);
    for (const key of keys) {
      let set = this.byAudience.get(key);
      if (!set) this.byAudience.set(key, (set = new Set()));
      set.add(stream);
    }
    res.once('close', () => this.remove(stream));
    this.heartbeat ??= setInterval(() => this.beat(), this.options.heartbeatMs).unref();
    if (session) this.confirm(stream);
    else this.catchUp(stream);
    // The connection will carry no other request: its parser can go (lib/release-http-parser.ts),
    // once the call that parsed this request is over.
    setImmediate(releaseParserOf, res);
  }

  /**
   * A member's stream, just registered, waits for its session to be read again: the session may
   * have ended while the request read it (a sign-out committing meanwhile), and the word of that
   * end, reaching this hub before the stream was in it, ended nothing. Once registered, the stream
   * hears any later word; an end committed before is seen by this read, made after. The streams
   * opened in one turn of the event loop are read together, as held ones are (readSessions).
   */
  private confirm(stream: Stream): void {
    if (!this.opening) {
      this.opening = [];
      setImmediate(() => {
        const streams = this.opening!.filter((s) => this.streams.has(s));
        this.opening = null;
        if (streams.length > 0) this.readSessions(streams);
      });
    }
    this.opening.push(stream);
  }

  private remove(stream: Stream): void {
    stream.pending = null;
    stream.held = null;
    if (!this.streams.delete(stream)) return;
    const count = (this.perAddress.get(stream.address) ?? 1) - 1;
    if (count > 0) this.perAddress.set(stream.address, count);
    else this.perAddress.delete(stream.address);
    for (const key of stream.keys) {
      const set = this.byAudience.get(key);
      set?.delete(stream);
      if (set?.size === 0) this.byAudience.delete(key);
    }
    if (this.streams.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  private write(stream: Stream, chunk: string): void {
    // A reader that stopped reading is let go rather than buffered for without end.
    if (stream.res.writableLength > this.maxBuffered) {
      stream.res.destroy();
      return;
    }
    stream.res.write(chunk);
  }

  /** Writes what the stream has pending until its socket's buffer is full, then again once it drains. */
  private catchUp(stream: Stream): void {
    const pending = stream.pending;
    if (!pending) return;
    let written = 0;
    let room = true;
    while (room && written < pending.length) {
      let chunk = '';
      while (written < pending.length && chunk.length < CATCH_UP_CHUNK) chunk += frameOf(pending[written++]!);
      room = stream.res.write(chunk);
    }
    pending.splice(0, written);
    if (pending.length === 0) stream.pending = null;
    else stream.res.once('drain', () => this.catchUp(stream));
  }

  private deliver(entry: LiveEntry): void {
    const streams = this.byAudience.get(entry.audience);
    if (!streams) return;
    if (entry.name === STREAMS_END) {
      // Those opened with a session that ended (every one of the member's after a ban): the
      // member's others, on other devices and tabs, go on. Ended, not dropped: the client
      // reconnects (replaying from its last id) as what its session, if any, makes it now.
      const marks = endedSessionMarks(entry.data);
      for (const stream of [...streams]) if (!marks || (stream.session && marks.has(sessionMark(stream.session.id)))) this.end(stream);
      return;
    }
    const frame = frameOf(entry);
    const now = Date.now();
    let expired: Stream[] | undefined;
    for (const stream of streams) {
      if (!stream.held && stream.session && stream.session.expiresAt <= now) (expired ??= []).push(this.hold(stream));
      if (stream.held) {
        if (stream.held.length < MAX_PENDING) stream.held.push(entry);
        else stream.res.destroy();
      } else if (!stream.pending) this.write(stream, frame);
      else if (stream.pending.length < MAX_PENDING) stream.pending.push(entry);
      else stream.res.destroy();
    }
    if (expired) this.readSessions(expired);
  }

  private beat(): void {
    const now = Date.now();
    let expired: Stream[] | undefined;
    for (const stream of this.streams) {
      // One catching up is written to already.
      if (!stream.pending) this.write(stream, HEARTBEAT);
      if (!stream.held && stream.session && stream.session.expiresAt <= now) (expired ??= []).push(this.hold(stream));
    }
    if (expired) this.readSessions(expired);
  }

  /** Holds what comes for a stream whose session has expired as far as the hub knows. */
  private hold(stream: Stream): Stream {
    stream.held = [];
    return stream;
  }

  /**
   * Reads the sessions of held streams again, all in one go: a stream whose session was
   * extended keeps going (what was held is written) until its new expiry; the others end, and
   * so do they all if the sessions cannot be read.
   */
  private readSessions(streams: Stream[]): void {
    const ids = [...new Set(streams.map((stream) => stream.session!.id))];
    this.sessionExpiries(ids).then(
      (expiries) => {
        const now = Date.now();
        for (const stream of streams) {
          if (!this.streams.has(stream)) continue;
          const expiresAt = expiries.get(stream.session!.id);
          if (expiresAt !== undefined && expiresAt > now) this.release(stream, expiresAt);
          else this.end(stream);
        }
      },
      () => {
        for (const stream of streams) if (this.streams.has(stream)) this.end(stream);
      },
    );
  }

  /** A held stream whose session lasts until `expiresAt`: what was held goes out, in order. */
  private release(stream: Stream, expiresAt: number): void {
    const held = stream.held!;
    stream.held = null;
    stream.session!.expiresAt = expiresAt;
    if (held.length === 0) return;
    if (!stream.pending) {
      stream.pending = held;
      this.catchUp(stream);
    } else if (stream.pending.length + held.length <= MAX_PENDING) stream.pending.push(...held);
    else stream.res.destroy();
  }

  private end(stream: Stream): void {
    const socket = stream.res.socket;
    stream.res.end();
    this.remove(stream);
    if (!socket) return;
    // The connection goes with it once what was written has left, without waiting for the client
    // to close its side: one that is gone or hostile never does, and a closing server would wait
    // for it. One that does not read loses what it has not taken by the next turn; reconnecting,
    // it replays it.
    socket.end(() => socket.destroy());
    setImmediate(dropUnread, socket);
  }

  /** Ends every stream (the server is stopping) and refuses new ones. */
  close(): void {
    this.closed = true;
    for (const stream of [...this.streams]) this.end(stream);
  }
}
