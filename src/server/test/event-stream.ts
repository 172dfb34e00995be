import http from 'node:http';

export interface StreamEvent {
  id: string;
  event: string;
  data: string;
}

export interface EventStreamClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every event received so far, in order. */
  readonly events: StreamEvent[];
  /** Comment lines (heartbeats) received so far. */
  readonly comments: number;
  /** The last `retry:` the server gave (the browser's pause before it reconnects), or null. */
  readonly retry: number | null;
  /** The raw body, for answers that are not a stream (an error). */
  readonly body: string;
  /** The first event received (or yet to come) that matches and was not taken before. */
  take(match: string | ((e: StreamEvent) => boolean)): Promise<StreamEvent>;
  /** Resolves once at least `n` comment lines have come. */
  commentsReach(n: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

/**
 * Opens GET {base}{path} as a browser's EventSource would and parses what comes (the
 * text/event-stream format: `id:`, `event:`, `data:` lines, a blank line ending each event,
 * `:` comment lines). A fresh connection each time, as each browser tab holds its own.
 */
export function openEventStream(base: string, path = '/api/events', headers: Record<string, string> = {}): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: StreamEvent[] = [];
      const taken = new Set<StreamEvent>();
      const waiters: Array<() => void> = [];
      let comments = 0;
      let retry: number | null = null;
      let body = '';
      let buffer = '';
      let current: Partial<StreamEvent> = {};
      const wake = () => waiters.splice(0).forEach((w) => w());
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        buffer += chunk;
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line === '') {
            if (current.data !== undefined) events.push({ id: current.id ?? '', event: current.event ?? 'message', data: current.data });
            current = {};
          } else if (line.startsWith(':')) comments += 1;
          else {
            const colon = line.indexOf(':');
            const field = line.slice(0, colon);
            const value = line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id' || field === 'event') current[field] = value;
            else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
            else if (field === 'data') current.data = current.data === undefined ? value : `${current.data}\n${value}`;
          }
        }
        wake();
      });
      const ended = new Promise<void>((done) => res.once('close', done));
      void ended.then(wake);
      const until = async (ready: () => boolean) => {
        while (!ready()) {
          if (res.closed || res.destroyed) throw new Error('the stream ended first');
          await new Promise<void>((w) => waiters.push(w));
        }
      };
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        get comments() {
          return comments;
        },
        get retry() {
          return retry;
        },
        get body() {
          return body;
        },
        async take(match) {
          const test = typeof match === 'string' ? (e: StreamEvent) => e.event === match : match;
          let found: StreamEvent | undefined;
          await until(() => (found = events.find((e) => !taken.has(e) && test(e))) !== undefined);
          taken.add(found!);
          return found!;
        },
        commentsReach: (n) => until(() => comments >= n),
        ended,
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
