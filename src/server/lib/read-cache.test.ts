import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '#shared/schemas/post.ts';
import type { LeaderboardRow } from '#shared/schemas/leaderboard.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags } from '../test/factories.ts';
import { signUp, type TestMember } from '../test/sign-in.ts';
import { Redis } from 'ioredis';
import { testRedisUrl } from '../test/redis.ts';
import { memoryStore, ReadCache, redisStore, type ReadCacheStore } from './read-cache.ts';

// Shared by every instance when REDIS_URL is set; runs where a Redis answers (always in CI).
const redis = testRedisUrl ? new Redis(testRedisUrl, { maxRetriesPerRequest: 1 }) : null;

// The home lists and the leaderboard are kept between writes (read-cache.ts): every write
// that changes them must show on the very next read — kept in this process (SQLite) or in
// Redis (REDIS_URL, where a local Redis answers).
const stores: Array<{ store: string; env: Record<string, string> }> = [
  { store: 'memory', env: {} },
  ...(testRedisUrl ? [{ store: 'redis', env: { REDIS_URL: testRedisUrl } }] : []),
];

describe.each(stores)('kept reads follow every write ($store)', ({ env }) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let admin: TestMember;
  beforeAll(async () => {
    t = await buildTestApp(env);
    await createTags(t, 'typescript', 'rust');
    alice = await signUp(t.app, { name: 'Alice' });
    bob = await signUp(t.app, { name: 'Bob' });
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const home = async () => {
    const res = await t.app.inject({ url: '/api/pagination?page=0&limit=10' });
    return { posts: res.json() as Post[], total: res.headers['x-total-count'] };
  };
  const popular = async () => (await t.app.inject({ url: '/api/post-data/popularity' })).json() as Post[];
  const board = async () => (await t.app.inject({ url: '/api/user-data' })).json() as LeaderboardRow[];

  it('shows a new post, its votes, comments and removal at once', async () => {
    expect((await home()).total).toBe('0');
    const first = await createPost(t.app, alice, { title: 'First' });
    expect(await home()).toMatchObject({ total: '1', posts: [{ _id: first, upVote: 0, commentCount: 0 }] });
    const second = await createPost(t.app, bob, { title: 'Second', category: 'rust' });
    expect((await home()).posts.map((p) => p._id)).toEqual([second, first]);
    expect((await popular()).map((p) => p._id)).toEqual([second, first]);

    await t.app.inject({ method: 'PATCH', url: `/api/post-data/upVote/${first}`, headers: bob.headers });
    expect((await home()).posts[1]).toMatchObject({ _id: first, upVote: 1 });
    expect((await popular()).map((p) => p._id)).toEqual([first, second]);
    await t.app.inject({ method: 'PATCH', url: `/api/post-data/downVote/${first}`, headers: bob.headers });
    expect((await home()).posts[1]).toMatchObject({ upVote: 0, downVote: 1 });

    await createComment(t.app, alice, second);
    expect((await home()).posts[0]).toMatchObject({ _id: second, commentCount: 1 });

    await t.app.inject({ method: 'DELETE', url: `/api/post-delete/${second}`, headers: bob.headers });
    expect(await home()).toMatchObject({ total: '1', posts: [{ _id: first }] });
  });

  it('shows a new name and photo at once, in the lists and on the leaderboard', async () => {
    expect((await board()).map((r) => r.name)).toContain('Alice');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { ...alice.headers, origin: 'http://localhost:3000' },
      payload: { name: 'Alice Renamed', image: 'https://example.test/a.png' },
    });
    expect(res.statusCode).toBe(200);
    expect((await home()).posts.find((p) => p.name.startsWith('Alice'))).toMatchObject({
      name: 'Alice Renamed',
      photo: 'https://example.test/a.png',
    });
    expect(await board()).toContainEqual(expect.objectContaining({ name: 'Alice Renamed', photo: 'https://example.test/a.png' }));

    await t.app.inject({
      method: 'POST',
      url: '/api/user-data',
      headers: alice.headers,
      payload: { name: 'Alice Again', email: alice.email },
    });
    expect((await home()).posts.map((p) => p.name)).toContain('Alice Again');
  });

  it('drops a banned member from the leaderboard at once', async () => {
    const troll = await signUp(t.app, { name: 'Troll' });
    await createPost(t.app, troll, { title: 'Loud' });
    expect((await board()).map((r) => r.name)).toContain('Troll');
    const ban = await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${troll.email}`, headers: admin.headers });
    expect(ban.json()).toEqual({ deletedCount: 1 });
    expect((await board()).map((r) => r.name)).not.toContain('Troll');
  });

  it('answers a kept read with the same bytes and headers as a computed one', async () => {
    const a = await t.app.inject({ url: '/api/pagination?page=0&limit=2' });
    const b = await t.app.inject({ url: '/api/pagination?page=0&limit=2' });
    expect(b.body).toBe(a.body);
    expect(b.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(b.headers['x-total-count']).toBe(a.headers['x-total-count']);
  });
});

async function versioning(store: ReadCacheStore) {
  const v0 = (await store.read('a')).version;
  await store.write('a', { version: v0, value: 1 });
  expect(await store.read('a')).toEqual({ version: v0, entry: { version: v0, value: 1 } });
  await store.bump();
  const after = await store.read('a');
  expect(after.version).toBe(v0 + 1);
  // Whatever is still stored under the key belongs to the old version: never an answer.
  expect(after.entry === null || after.entry.version !== after.version).toBe(true);
}

describe('memory store', () => {
  it('answers nothing from before a change, and keeps a bounded number of answers', async () => {
    await versioning(memoryStore());
    const store = memoryStore(2);
    const v0 = (await store.read('a')).version;
    await store.write('a', { version: v0, value: 1 });
    expect(await store.read('a')).toEqual({ version: v0, entry: { version: v0, value: 1 } });
    await store.bump();
    const after = await store.read('a');
    expect(after.entry).toBeNull();
    expect(after.version).toBe(v0 + 1);
    await store.write('a', { version: after.version, value: 'a' });
    await store.write('b', { version: after.version, value: 'b' });
    await store.read('a');
    await store.write('c', { version: after.version, value: 'c' });
    expect((await store.read('b')).entry).toBeNull();
    expect((await store.read('a')).entry?.value).toBe('a');
  });
});

describe.runIf(redis !== null)('redis store', () => {
  afterAll(() => redis?.quit());

  it('moves one version for every instance and answers nothing from before it', async () => {
    const prefix = `code-commons-test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    const one = redisStore(redis!, prefix);
    const other = redisStore(redis!, prefix);
    await versioning(one);
    const { version } = await one.read('k');
    await one.write('k', { version, value: { json: '[]', totalCount: 3 } });
    expect((await other.read('k')).entry).toEqual({ version, value: { json: '[]', totalCount: 3 } });
    await other.bump();
    const seen = await one.read('k');
    expect(seen.version).toBe(version + 1);
    expect(seen.entry?.version).toBe(version);
    // Nothing this forum keeps in Redis stays there for ever.
    expect(await redis!.ttl(`${prefix}version`)).toBeGreaterThan(0);
    expect(await redis!.ttl(`${prefix}k`)).toBeGreaterThan(0);
    await redis!.del(`${prefix}version`, `${prefix}a`, `${prefix}k`);
  });
});

// Readers that miss together share one computation, never one begun before a write they saw.
describe('concurrent misses', () => {
  const deferred = () => {
    let resolve!: (value: string) => void;
    const promise = new Promise<string>((r) => (resolve = r));
    return { promise, resolve };
  };

  it('computes once for readers of the same version', async () => {
    const cache = new ReadCache(memoryStore());
    let computed = 0;
    const gate = deferred();
    const compute = () => {
      computed += 1;
      return gate.promise;
    };
    const readers = [cache.read('k', compute), cache.read('k', compute), cache.read('k', compute)];
    await new Promise((r) => setImmediate(r));
    gate.resolve('answer');
    expect(await Promise.all(readers)).toEqual(['answer', 'answer', 'answer']);
    expect(computed).toBe(1);
  });

  it('does not hand a reader an answer begun before a write it has seen', async () => {
    const cache = new ReadCache(memoryStore());
    const before = deferred();
    const first = cache.read('k', () => before.promise);
    await new Promise((r) => setImmediate(r));
    await cache.invalidate();
    const second = cache.read('k', async () => 'after the write');
    before.resolve('before the write');
    expect(await first).toBe('before the write');
    expect(await second).toBe('after the write');
  });
});
