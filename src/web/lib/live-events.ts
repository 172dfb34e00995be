// Live updates (API.md "Live updates"): ONE EventSource for the whole app, shared by every
// feature through useLiveEvent. It opens once the session is known (the server reads the
// member from it when the stream opens), opens again when the member changes or when a post
// page wants that post's events (`?post=`, with the last id seen so nothing falls between),
// and when it is closed for good it comes back after a growing pause. Nothing polls. A stream
// that comes back after a break tells its `onResume` listeners, which fetch again what is on
// screen: the server replays only what its backlog still holds (API.md: at least 5 minutes or
// 1,000 events, and nothing from before a restart), so a longer break would otherwise go unseen.
import { useEffect, useRef } from 'react';
import { LIVE_EVENT_NAMES, type LiveEventName } from '#shared/live-events.ts';
// Types only: zod stays off the first view; the server sends each event through its schema.
import type { LiveEventData } from '#shared/schemas/live.ts';

type Listener<N extends LiveEventName = LiveEventName> = (data: LiveEventData<N>) => void;

/** A pause that doubles from 1 s up to 30 s, with some spread so clients do not come back together. */
export const reconnectDelay = (attempt: number): number => Math.min(30_000, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);

export class LiveConnection {
  private source: EventSource | null = null;
  private readonly listeners = new Map<LiveEventName, Set<Listener>>();
  private readonly resumeListeners = new Set<() => void>();
  /** The stream broke (an error, whether the browser or this class brings it back) and has not opened since. */
  private broken = false;
  /** Posts wanted, most recent last (one stream carries one post's events: the newest wanted). */
  private readonly posts: string[] = [];
  /** undefined until the session is known; null when signed out. */
  private viewer: string | null | undefined = undefined;
  private openFor: { viewer: string | null; post: string | null } | null = null;
  private lastEventId: string | null = null;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly url = '/api/events') {}

  on<N extends LiveEventName>(name: N, listener: Listener<N>): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener as Listener);
    return () => void set.delete(listener as Listener);
  }

  /** Calls the listener each time the stream opens again after a break, until the returned function is called. */
  onResume(listener: () => void): () => void {
    this.resumeListeners.add(listener);
    return () => void this.resumeListeners.delete(listener);
  }

  /** The signed-in member's id, or null; the stream opens (again) for them. */
  setViewer(viewer: string | null): void {
    this.viewer = viewer;
    this.sync();
  }

  /** Adds a post's events to the stream until the returned function is called. */
  watchPost(postId: string): () => void {
    this.posts.push(postId);
    this.sync();
    return () => {
      const at = this.posts.lastIndexOf(postId);
      if (at >= 0) this.posts.splice(at, 1);
      this.sync();
    };
  }

  /** Opens, reopens or keeps the stream, as what is wanted now asks. */
  private sync(): void {
    if (this.viewer === undefined || typeof EventSource === 'undefined') return;
    const want = { viewer: this.viewer, post: this.posts.at(-1) ?? null };
    if (this.source && this.openFor?.viewer === want.viewer && this.openFor.post === want.post) return;
    if (this.retry && this.source === null && this.openFor?.viewer === want.viewer && this.openFor.post === want.post) return;
    this.open(want);
  }

  private open(want: { viewer: string | null; post: string | null }): void {
    this.source?.close();
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.openFor = want;
    const query = new URLSearchParams();
    if (want.post) query.set('post', want.post);
    // A new EventSource cannot send Last-Event-ID; the server takes the query instead.
    if (this.lastEventId) query.set('lastEventId', this.lastEventId);
    const search = query.toString();
    const source = new EventSource(search ? `${this.url}?${search}` : this.url);
    this.source = source;
    source.onopen = () => {
      this.attempt = 0;
      if (!this.broken) return;
      this.broken = false;
      for (const listener of this.resumeListeners) listener();
    };
    source.onerror = () => {
      if (this.source === source) this.broken = true;
      // CONNECTING: the browser is already coming back on its own (with Last-Event-ID).
      if (source.readyState !== EventSource.CLOSED || this.source !== source) return;
      this.source = null;
      this.retry = setTimeout(() => this.open(this.openFor ?? want), reconnectDelay(this.attempt++));
    };
    for (const name of LIVE_EVENT_NAMES) {
      source.addEventListener(name, (event) => {
        const message = event as MessageEvent<string>;
        if (message.lastEventId) this.lastEventId = message.lastEventId;
        this.dispatch(name, message.data);
      });
    }
  }

  private dispatch(name: LiveEventName, raw: string): void {
    const listeners = this.listeners.get(name);
    if (!listeners?.size) return;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return;
    }
    for (const listener of listeners) listener(data as never);
  }

  /** Closes the stream (tests; a page that is going away closes it anyway). */
  close(): void {
    this.source?.close();
    this.source = null;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.openFor = null;
    this.viewer = undefined;
    this.broken = false;
  }
}

/** The app's one connection. */
export const liveConnection = new LiveConnection();

/** The handler as last rendered, so a subscription made once calls the current one. */
function useLatest<T>(handler: T): { readonly current: T } {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  return latest;
}

/** Calls the handler with the data of every `name` event while the component is mounted. */
export function useLiveEvent<N extends LiveEventName>(name: N, handler: Listener<N>): void {
  const latest = useLatest(handler);
  useEffect(() => liveConnection.on(name, (data) => latest.current(data)), [name, latest]);
}

/** Calls the handler each time the stream opens again after a break (see LiveConnection.onResume). */
export function useLiveResume(handler: () => void): void {
  const latest = useLatest(handler);
  useEffect(() => liveConnection.onResume(() => latest.current()), [latest]);
}

/** Adds the post's events (its edits, its comments' and `votes`) to the app's stream while the component is mounted. */
export function useLivePost(postId: string): void {
  useEffect(() => liveConnection.watchPost(postId), [postId]);
}

/** Opens the stream for the viewer once the session is known (null: signed out); the root layout calls it. */
export function useLiveViewer(viewer: string | null | undefined): void {
  useEffect(() => {
    if (viewer !== undefined) liveConnection.setViewer(viewer);
  }, [viewer]);
}
