import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { releaseHttpParser } from '../../lib/release-http-parser.ts';
import { STREAMS_END, everyone, memberOnly, subscribersOf, type Audience, type LiveBus, type LiveEntry } from './live.bus.ts';
import type { EventId } from './live-ids.ts';

export interface LiveHubOptions {
  /** How often every open stream gets a comment line (proxies close silent connections). */
  heartbeatMs: number;
  /** Open streams allowed per client address; one more is refused (429). */
  streamsPerAddress: number;
  /** A client that has not read this much of what was sent is dropped (it reconnects and replays). */
  maxBufferedBytes?: number;
}

interface Stream {
  res: ServerResponse;
  address: string;
  keys: Audience[];
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

const frameOf = (entry: LiveEntry) => `id: ${entry.id}\nevent: ${entry.name}\ndata: ${entry.data}\n\n`;

/**
 * This instance's open event streams: who listens to what, one heartbeat timer for all of
 * them, the cap per address, and their end when the server stops. A stream costs its socket
 * and one small record; an event is formatted once and written to the streams of its audience.
 */
export class LiveHub {
  private readonly byAudience = new Map<Audience, Set<Stream>>();
  private readonly perAddress = new Map<string, number>();
  private readonly streams = new Set<Stream>();
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly maxBuffered: number;

  constructor(
    private readonly bus: LiveBus,
    private readonly options: LiveHubOptions,
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
   * event of its audience until it goes. Replay and registration happen in one turn of the
   * event loop, so nothing falls between them and nothing comes twice.
   */
  open(
    res: ServerResponse,
    request: {
      headers: Record<string, string | number | string[] | undefined>;
      address: string;
      memberId: string | null;
      postId: string | null;
      since: EventId | null;
    },
  ): void {
    const keys: Audience[] = [everyone];
    if (request.memberId) keys.push(memberOnly(request.memberId));
    if (request.postId) keys.push(subscribersOf(request.postId));
    const stream: Stream = { res, address: request.address, keys };

    res.socket?.setNoDelay(true);
    res.socket?.setTimeout(0);
    res.writeHead(200, {
      ...(request.headers as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      // Never stored, never transformed (compressed or buffered) on the way.
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
    });
    let first = `retry: ${retryMs()}\n\n`;
    if (request.since) {
      for (const entry of this.bus.after(request.since)) {
        if (entry.name !== STREAMS_END && keys.includes(entry.audience)) first += frameOf(entry);
      }
    }
    res.write(first);
    // Gone already (while its session was read): there will be no 'close' to hear.
    if (res.destroyed || !res.socket || res.socket.destroyed) return;

    this.streams.add(stream);
    this.perAddress.set(stream.address, (this.perAddress.get(stream.address) ?? 0) + 1);
    for (const key of keys) {
      let set = this.byAudience.get(key);
      if (!set) this.byAudience.set(key, (set = new Set()));
      set.add(stream);
    }
    res.once('close', () => this.remove(stream));
    this.heartbeat ??= setInterval(() => this.beat(), this.options.heartbeatMs).unref();
    // The connection will carry no other request: its parser can go (lib/release-http-parser.ts),
    // once the call that parsed this request is over.
    setImmediate(releaseParserOf, res);
  }

  private remove(stream: Stream): void {
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

  private deliver(entry: LiveEntry): void {
    const streams = this.byAudience.get(entry.audience);
    if (!streams) return;
    if (entry.name === STREAMS_END) {
      // Ended, not dropped: the client reconnects (replaying from its last id) as what its
      // session, if it still has one, makes it now.
      for (const stream of [...streams]) this.end(stream);
      return;
    }
    const frame = frameOf(entry);
    for (const stream of streams) this.write(stream, frame);
  }

  private beat(): void {
    for (const stream of this.streams) this.write(stream, HEARTBEAT);
  }

  private end(stream: Stream): void {
    stream.res.end();
    // The connection goes with it: neither a closing server nor the client waits for it.
    stream.res.socket?.end();
    this.remove(stream);
  }

  /** Ends every stream (the server is stopping) and refuses new ones. */
  close(): void {
    this.closed = true;
    for (const stream of [...this.streams]) this.end(stream);
  }
}
