import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeEventSource, type FakeEventSource } from '#web/testing/fake-event-source.ts';
import { LiveConnection } from './live-events.ts';

describe('the app’s one live connection', () => {
  let Source: typeof FakeEventSource;
  let live: LiveConnection;
  beforeEach(() => {
    Source = installFakeEventSource();
    live = new LiveConnection();
  });
  afterEach(() => {
    live.close();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens one stream once the session is known, shared by every listener', () => {
    const seen: string[] = [];
    live.on('post', (post) => seen.push(`a:${post._id}`));
    live.on('post', (post) => seen.push(`b:${post._id}`));
    expect(Source.instances).toHaveLength(0);
    live.setViewer(null);
    expect(Source.open).toHaveLength(1);
    Source.open[0]!.emit('post', { _id: 'p1' });
    expect(seen).toEqual(['a:p1', 'b:p1']);
  });

  it('reopens with the post while a post page watches it, from the last event seen, and without it after', () => {
    live.setViewer('member-1');
    const first = Source.open[0]!;
    expect(first.query).toEqual({});
    first.emit('post', { _id: 'p1' }, '1700000000000-4');

    const stop = live.watchPost('post-9');
    expect(first.readyState).toBe(Source.CLOSED);
    expect(Source.open).toHaveLength(1);
    expect(Source.open[0]!.query).toEqual({ post: 'post-9', lastEventId: '1700000000000-4' });

    stop();
    expect(Source.open).toHaveLength(1);
    expect(Source.open[0]!.query).toEqual({ lastEventId: '1700000000000-4' });
  });

  it('opens again for a member who signs in (the server reads the member when a stream opens)', () => {
    live.setViewer(null);
    const anonymous = Source.open[0]!;
    live.setViewer(null);
    expect(Source.instances).toHaveLength(1);
    live.setViewer('member-2');
    expect(anonymous.readyState).toBe(Source.CLOSED);
    expect(Source.open).toHaveLength(1);
  });

  it('comes back after a growing pause when the stream is closed for good, and not before', () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    live.setViewer(null);
    Source.open[0]!.fail();
    expect(Source.open).toHaveLength(0);
    vi.advanceTimersByTime(999);
    expect(Source.open).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(Source.open).toHaveLength(1);
    Source.open[0]!.fail();
    vi.advanceTimersByTime(1999);
    expect(Source.open).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(Source.open).toHaveLength(1);
    // Once a stream opens, the pause starts again from one second.
    Source.open[0]!.accept();
    Source.open[0]!.fail();
    vi.advanceTimersByTime(1000);
    expect(Source.open).toHaveLength(1);
  });

  it('lets the browser come back on its own while it is reconnecting', () => {
    live.setViewer(null);
    const source = Source.open[0]!;
    source.onerror?.(new Event('error')); // still CONNECTING: the browser retries with Last-Event-ID
    expect(Source.instances).toEqual([source]);
  });

  it('tells its resume listeners when the stream opens again after a break, and only then', () => {
    vi.useFakeTimers();
    let resumed = 0;
    const stop = live.onResume(() => (resumed += 1));
    live.setViewer(null);
    const source = Source.open[0]!;
    source.accept();
    expect(resumed).toBe(0);
    // Reopened for a post page, without a break: the replay from the last id is enough.
    live.watchPost('post-1');
    Source.open[0]!.accept();
    expect(resumed).toBe(0);

    // The browser reconnects on its own.
    const watching = Source.open[0]!;
    watching.readyState = Source.CONNECTING;
    watching.onerror?.(new Event('error'));
    expect(resumed).toBe(0);
    watching.accept();
    expect(resumed).toBe(1);

    // Closed for good, then opened again by the connection after its pause.
    watching.fail();
    vi.advanceTimersByTime(30_000);
    expect(resumed).toBe(1);
    Source.open[0]!.accept();
    expect(resumed).toBe(2);

    stop();
    Source.open[0]!.fail();
    vi.advanceTimersByTime(30_000);
    Source.open[0]!.accept();
    expect(resumed).toBe(2);
  });
});
