// Stands in for the browser's EventSource (jsdom has none), as MSW stands in for the HTTP
// API: tests see which streams the app opens and send events down them.
import { vi } from 'vitest';

export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly url: string;

  constructor(url: string) {
    super();
    this.url = new URL(url, window.location.origin).toString();
    FakeEventSource.instances.push(this);
  }

  /** The streams the app holds open now. */
  static get open(): FakeEventSource[] {
    return FakeEventSource.instances.filter((s) => s.readyState !== FakeEventSource.CLOSED);
  }

  /** The query of the stream, as an object. */
  get query(): Record<string, string> {
    return Object.fromEntries(new URL(this.url).searchParams);
  }

  /** The server answers: the stream is open. */
  accept(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** One event from the server. */
  emit(name: string, data: unknown, id = `${Date.now()}-${FakeEventSource.instances.length}`): void {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data), lastEventId: id }));
  }

  /** The server refused the stream or went away for good. */
  fail(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.(new Event('error'));
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
}

/** Installs the stand-in for the test; returns it. */
export function installFakeEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}
