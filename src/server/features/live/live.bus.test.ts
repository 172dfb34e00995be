import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../test/redis.ts';
import { tcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { BACKLOG_EVENTS, redisBus, type LiveBus, type LiveEntry, type LiveMessage } from './live.bus.ts';

const connect = (url: string) => {
  // As the server's own connection (plugins/redis.ts): no offline queue, a command fails at once while Redis is away.
  const c = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1000, retryStrategy: () => 50 });
  c.on('error', () => {});
  return c;
};

const until = async (ok: () => boolean, tries = 400) => {
  for (let i = 0; i < tries && !ok(); i += 1) await new Promise((r) => setTimeout(r, 25));
  expect(ok()).toBe(true);
};

const post = (n: number): LiveMessage => ({ name: 'post-deleted', audience: '*', data: JSON.stringify({ postId: `p${n}` }) });
const postIds = (entries: LiveEntry[]) => entries.map((e) => (JSON.parse(e.data) as { postId: string }).postId);

describe.runIf(testRedisUrl !== null)('the live bus on Redis, while Redis is away', () => {
  const cleanup: Array<() => unknown> = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  async function twoInstances(): Promise<{ proxy: TcpProxy; writer: LiveBus; writerConnection: Redis; other: LiveEntry[] }> {
    const key = `code-commons-test:${Date.now()}:${Math.random().toString(36).slice(2)}:live`;
    const proxy = await tcpProxy(testRedisUrl!);
    const writerConnection = connect(proxy.url);
    const otherConnection = connect(testRedisUrl!);
    cleanup.push(
      () => proxy.close(),
      () => writerConnection.disconnect(),
      () => otherConnection.disconnect(),
      async () => {
        const c = new Redis(testRedisUrl!);
        await c.del(key);
        c.disconnect();
      },
    );
    await until(() => writerConnection.status === 'ready' && otherConnection.status === 'ready');
    const writer = await redisBus(writerConnection, key, () => {});
    const otherBus = await redisBus(otherConnection, key, () => {});
    cleanup.push(
      () => writer.close(),
      () => otherBus.close(),
    );
    const other: LiveEntry[] = [];
    otherBus.listen((e) => other.push(e));
    return { proxy, writer, writerConnection, other };
  }

  it('sends the events of an outage once Redis is back, in order and before newer ones', async () => {
    const { proxy, writer, writerConnection, other } = await twoInstances();
    await writer.publish([post(1)]);
    await until(() => other.length === 1);

    proxy.cut();
    await until(() => writerConnection.status !== 'ready');
    await expect(writer.publish([post(2), post(3)])).rejects.toBeTruthy();
    // Held behind the first, not refused again.
    await writer.publish([post(4)]);
    await new Promise((r) => setTimeout(r, 200));
    expect(postIds(other)).toEqual(['p1']);

    proxy.restore();
    await until(() => other.length === 4);
    await writer.publish([post(5)]);
    await until(() => other.length === 5);
    expect(postIds(other)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    const ids = other.map((e) => e.id);
    expect(new Set(ids).size).toBe(5);
  });

  it('keeps the last BACKLOG_EVENTS of a long outage, no more', async () => {
    const { proxy, writer, writerConnection, other } = await twoInstances();
    proxy.cut();
    await until(() => writerConnection.status !== 'ready');
    const many = Array.from({ length: BACKLOG_EVENTS + 200 }, (_, i) => post(i));
    await writer.publish(many.slice(0, 100)).catch(() => {});
    await writer.publish(many.slice(100));

    proxy.restore();
    await until(() => other.length === BACKLOG_EVENTS);
    await new Promise((r) => setTimeout(r, 300));
    expect(other).toHaveLength(BACKLOG_EVENTS);
    expect(postIds(other)).toEqual(postIds(many.slice(-BACKLOG_EVENTS).map((m, i) => ({ ...m, id: String(i) }))));
  });

  it('offers them again while a Redis that stopped answering keeps its connection, and they arrive once it answers', async () => {
    const { proxy, writer, other } = await twoInstances();
    proxy.hold();
    // Unanswered for the command's second: held, though Redis may still take the first try.
    await expect(writer.publish([post(1)])).rejects.toBeTruthy();
    await writer.publish([post(2)]);
    proxy.restore();
    await until(() => new Set(postIds(other)).size === 2);
    // A try Redis took without answering in time arrives twice at most, never out of order.
    const firsts = postIds(other).filter((id, i, all) => all.indexOf(id) === i);
    expect(firsts).toEqual(['p1', 'p2']);
  });
});
