import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '#shared/schemas/post.ts';
import type { LeaderboardRow } from '#shared/schemas/leaderboard.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags } from '../test/factories.ts';
import { signUp, type TestMember } from '../test/sign-in.ts';
import { Redis } from 'ioredis';
import { testRedisUrl } from '../test/redis.ts';
import { tcpProxy } from '../test/tcp-proxy.ts';
import { ALL, memoryStore, MISSING, ReadCache, redisStore, tagsTouchedBy, type ReadCacheStore } from './read-cache.ts';

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

  it('drops a banned member from the leaderboard, and marks their posts in the lists as having no profile to link to, at once', async () => {
    const troll = await signUp(t.app, { name: 'Troll' });
    const loud = await createPost(t.app, troll, { title: 'Loud' });
    expect((await board()).map((r) => r.name)).toContain('Troll');
    expect((await home()).posts.find((p) => p._id === loud)).not.toHaveProperty('authorBanned');
    expect((await popular()).find((p) => p._id === loud)).not.toHaveProperty('authorBanned');
    const ban = await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${troll.email}`, headers: admin.headers });
    expect(ban.json()).toEqual({ deletedCount: 1 });
    expect((await board()).map((r) => r.name)).not.toContain('Troll');
    expect((await home()).posts.find((p) => p._id === loud)).toMatchObject({ name: 'Troll', authorBanned: true });
    expect((await popular()).find((p) => p._id === loud)).toMatchObject({ name: 'Troll', authorBanned: true });
  });

  it('keeps a page while votes and comments go to posts it does not show', async () => {
    const older = await createPost(t.app, alice, { title: 'Older' });
    const shown = [await createPost(t.app, alice, { title: 'Newer' }), await createPost(t.app, bob, { title: 'Newest' })];
    const page = async () => (await t.app.inject({ url: '/api/pagination?page=0&limit=2' })).json() as Post[];
    expect((await page()).map((p) => p._id)).toEqual([...shown].reverse());
    // Changed behind the write path's back: the page shows it only once it is computed again.
    await t.db.updateTable('posts').set({ title: 'Renamed quietly' }).where('id', '=', shown[0]!).execute();
    await t.app.inject({ method: 'PATCH', url: `/api/post-data/upVote/${older}`, headers: bob.headers });
    await createComment(t.app, bob, older);
    // (PostgreSQL without Redis keeps nothing: there every read is computed.)
    expect((await page()).map((p) => p.title)).toEqual(['Newest', t.app.readCache ? 'Newer' : 'Renamed quietly']);
    // A vote on a post it shows: computed again, with the vote.
    await t.app.inject({ method: 'PATCH', url: `/api/post-data/upVote/${shown[0]}`, headers: bob.headers });
    expect((await page())[1]).toMatchObject({ title: 'Renamed quietly', upVote: 1 });
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
  await store.write('a', { version: v0, tags: [ALL], value: 1 });
  expect(await store.read('a')).toEqual({ version: v0, value: 1 });
  await store.bump([ALL]);
  const after = await store.read('a');
  expect(after.version).toBe(v0 + 1);
  // What is still stored under the key was computed before the change: never an answer.
  expect(after.value).toBe(MISSING);
}

/** A write that touched other tags keeps an answer; one that touched its tags drops it. */
async function tagging(store: ReadCacheStore) {
  const { version } = await store.read('page');
  await store.write('page', { version, tags: [ALL, 'post:1', 'post:2'], value: 'page' });
  await store.bump(['post:3', 'scores']);
  expect((await store.read('page')).value).toBe('page');
  // Computed before a write to one of its tags, written after it: never an answer.
  const late = await store.read('late');
  await store.bump(['post:1']);
  await store.write('late', { version: late.version, tags: [ALL, 'post:1'], value: 'late' });
  expect((await store.read('late')).value).toBe(MISSING);
  expect((await store.read('page')).value).toBe(MISSING);
  const now = await store.read('page');
  await store.write('page', { version: now.version, tags: [ALL, 'post:1', 'post:2'], value: 'again' });
  expect((await store.read('page')).value).toBe('again');
  await store.bump([ALL]);
  expect((await store.read('page')).value).toBe(MISSING);
}

describe('tags touched by a write', () => {
  const at = '2026-11-25T12:00:00.000Z';
  it('names the post of a vote or comment, and everything for other writes', () => {
    expect(
      tagsTouchedBy([
        {
          type: 'vote.cast',
          postId: 'p',
          postAuthorId: 'a',
          voterId: 'v',
          before: null,
          beforeAt: null,
          after: 'up',
          at,
          counts: { upVote: 1, downVote: 0 },
        },
      ]),
    ).toEqual(['post:p', 'scores', 'activity']);
    const comment = { id: 'c', postId: 'p', authorId: 'a', createdAt: at };
    const indexed = { postTitle: 'P', postCategory: 't' };
    const listed = {
      _id: 'c',
      comment: 'c',
      commenter_name: 'A',
      commenter_photo: null,
      createdAt: at,
      postId: 'p',
      authorId: 'a',
      commentHtml: '<p>c</p>',
      editedAt: null,
    };
    expect(tagsTouchedBy([{ type: 'comment.added', comment, postAuthorId: 'a', indexed, listed }])).toEqual(['post:p', 'activity']);
    expect(
      tagsTouchedBy([
        { type: 'comment.added', comment, postAuthorId: 'a', indexed, listed },
        { type: 'member.updated', memberId: 'a' },
      ]),
    ).toEqual([ALL]);
    expect(tagsTouchedBy([{ type: 'post.published', post: { id: 'p', authorId: 'a', category: 't', createdAt: at } }])).toEqual([ALL]);
    expect(tagsTouchedBy([{ type: 'report.filed', reportId: 'r', commentId: 'c' }])).toEqual([]);
  });
});

describe('memory store', () => {
  it('answers nothing from before a change, and keeps a bounded number of answers', async () => {
    await versioning(memoryStore());
    const store = memoryStore(2);
    const v0 = (await store.read('a')).version;
    await store.write('a', { version: v0, tags: [ALL], value: 'a' });
    await store.write('b', { version: v0, tags: [ALL], value: 'b' });
    await store.read('a');
    await store.write('c', { version: v0, tags: [ALL], value: 'c' });
    expect((await store.read('b')).value).toBe(MISSING);
    expect((await store.read('a')).value).toBe('a');
  });

  it('drops only the answers that depend on what a write touched', async () => {
    await tagging(memoryStore());
  });

  it('forgets its tags past a bound, and then every answer kept before', async () => {
    const store = memoryStore(10, 3);
    const { version } = await store.read('k');
    await store.write('k', { version, tags: [ALL, 'post:9'], value: 'k' });
    await store.bump(['post:1', 'post:2', 'post:3']);
    expect((await store.read('k')).value).toBe('k');
    await store.bump(['post:4']);
    expect((await store.read('k')).value).toBe(MISSING);
    await store.write('k', { version, tags: [ALL, 'post:9'], value: 'computed before' });
    expect((await store.read('k')).value).toBe(MISSING);
  });
});

// A write committed while Redis is unreachable cannot move the version; what was kept before
// it must not be answered once Redis is back, by the instance that wrote or by any other.
describe.runIf(redis !== null)('redis store after Redis was unreachable', () => {
  const connect = (url: string) => {
    const c = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: () => 50 });
    c.on('error', () => {});
    return c;
  };
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 200 && !ok(); i += 1) await new Promise((r) => setTimeout(r, 25));
    expect(ok()).toBe(true);
  };

  it('answers nothing kept before the outage, on the instance that wrote and on another', async () => {
    const proxy = await tcpProxy(testRedisUrl!);
    const writerConnection = connect(proxy.url);
    const otherConnection = connect(proxy.url);
    const prefix = `code-commons-test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    try {
      await until(() => writerConnection.status === 'ready' && otherConnection.status === 'ready');
      const writer = new ReadCache(redisStore(writerConnection, prefix));
      const other = new ReadCache(redisStore(otherConnection, prefix));
      // Both started (each moves the version once as it starts).
      await writer.invalidate();
      await other.invalidate();
      const rows = ['first'];
      const compute = async () => [...rows];
      expect(await writer.read('home', compute)).toEqual(['first']);
      expect(await other.read('home', async () => ['not kept'])).toEqual(['first']);

      proxy.cut();
      await until(() => writerConnection.status !== 'ready' && otherConnection.status !== 'ready');
      rows.push('second');
      await writer.invalidate();
      expect(await other.read('home', compute)).toEqual(['first', 'second']);

      proxy.restore();
      await until(() => writerConnection.status === 'ready' && otherConnection.status === 'ready');
      expect(await other.read('home', compute)).toEqual(['first', 'second']);
      expect(await writer.read('home', compute)).toEqual(['first', 'second']);
      // And kept again from then on.
      expect(await other.read('home', async () => ['not kept'])).toEqual(['first', 'second']);
    } finally {
      const keys = await redis!.keys(`${prefix}*`);
      if (keys.length > 0) await redis!.del(...keys);
      writerConnection.disconnect();
      otherConnection.disconnect();
      await proxy.close();
    }
  });
  it('moves the version as soon as Redis is back, before another instance that never lost it reads', async () => {
    const proxy = await tcpProxy(testRedisUrl!);
    const writerConnection = connect(proxy.url);
    const otherConnection = connect(testRedisUrl!);
    const prefix = `code-commons-test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    try {
      await until(() => writerConnection.status === 'ready' && otherConnection.status === 'ready');
      const writer = new ReadCache(redisStore(writerConnection, prefix));
      const other = new ReadCache(redisStore(otherConnection, prefix));
      const rows = ['first'];
      const compute = async () => [...rows];
      expect(await other.read('home', compute)).toEqual(['first']);

      // Only the writer is cut off; the other instance keeps Redis, and its kept list, all along.
      proxy.cut();
      await until(() => writerConnection.status !== 'ready');
      rows.push('second');
      await writer.invalidate();
      proxy.restore();
      await until(() => writerConnection.status === 'ready');
      await new Promise((r) => setTimeout(r, 100));
      expect(await other.read('home', compute)).toEqual(['first', 'second']);
    } finally {
      const keys = await redis!.keys(`${prefix}*`);
      if (keys.length > 0) await redis!.del(...keys);
      writerConnection.disconnect();
      otherConnection.disconnect();
      await proxy.close();
    }
  });
});

describe.runIf(redis !== null)('redis store', () => {
  afterAll(() => redis?.quit());

  it('answers nothing made under a version Redis no longer holds, once it counts again from 0', async () => {
    const prefix = `code-commons-test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    const one = redisStore(redis!, prefix);
    const other = redisStore(redis!, prefix);
    try {
      for (let i = 0; i < 3; i += 1) await other.bump([ALL]);
      const { version } = await one.read('home');
      await one.write('home', { version, tags: [ALL], value: 'before' });
      expect((await other.read('home')).value).toBe('before');
      // Its version key gone while the answer is kept (a month without a write, the answer read
      // all along; or evicted), or Redis back empty while an answer begun before is written.
      await redis!.del(`${prefix}version`);
      await other.bump([ALL]); // a write: the version is 1 again
      expect((await one.read('home')).value).toBe(MISSING);
      expect((await other.read('home')).value).toBe(MISSING);
      await one.write('late', { version, tags: [ALL], value: 'begun before' });
      expect((await other.read('late')).value).toBe(MISSING);
      // An answer made under the version as it now is, kept as before.
      const now = (await other.read('home')).version;
      await other.write('home', { version: now, tags: [ALL], value: 'after' });
      expect((await one.read('home')).value).toBe('after');
    } finally {
      const keys = await redis!.keys(`${prefix}*`);
      if (keys.length > 0) await redis!.del(...keys);
    }
  });

  // The servers are stopped for a restore (pg_restore, a SQLite backup put back): what Redis kept
  // from the database before it must not be answered once they start again.
  it('answers nothing kept before a server started', async () => {
    const prefix = `code-commons-test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    const before = redisStore(redis!, prefix);
    try {
      const { version } = await before.read('home');
      await before.write('home', { version, tags: [ALL], value: 'before the restore' });
      expect((await before.read('home')).value).toBe('before the restore');

      const started = redisStore(redis!, prefix);
      expect((await started.read('home')).value).toBe(MISSING);
      const now = (await started.read('home')).version;
      await started.write('home', { version: now, tags: [ALL], value: 'after' });
      expect((await started.read('home')).value).toBe('after');
    } finally {
      const keys = await redis!.keys(`${prefix}*`);
      if (keys.length > 0) await redis!.del(...keys);
    }
  });

  it('moves one version for every instance and answers nothing from before it', async () => {
    const prefix = `code-commons-test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    const one = redisStore(redis!, prefix);
    const other = redisStore(redis!, prefix);
    await versioning(one);
    await tagging(other);
    const { version } = await one.read('k');
    await one.write('k', { version, tags: [ALL, 'post:1'], value: { json: '[]', totalCount: 3 } });
    expect((await other.read('k')).value).toEqual({ json: '[]', totalCount: 3 });
    await other.bump(['post:2']);
    expect((await one.read('k')).value).toEqual({ json: '[]', totalCount: 3 });
    await other.bump(['post:1']);
    const seen = await one.read('k');
    expect(seen.version).toBe(version + 2);
    expect(seen.value).toBe(MISSING);
    // Nothing this forum keeps in Redis stays there for ever.
    expect(await redis!.ttl(`${prefix}version`)).toBeGreaterThan(0);
    expect(await redis!.ttl(`${prefix}entry:k`)).toBeGreaterThan(0);
    expect(await redis!.ttl(`${prefix}tag:post:1`)).toBeGreaterThan(0);
    const keys = await redis!.keys(`${prefix}*`);
    await redis!.del(...keys);
  });

  it('answers from the copy it holds while Redis says it is current, and never after', async () => {
    const prefix = `code-commons-test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    const one = redisStore(redis!, prefix);
    const other = redisStore(redis!, prefix);
    const third = redisStore(redis!, prefix);
    // All started (each moves the version once as it starts).
    for (const store of [one, other, third]) await store.bump([ALL]);
    const v0 = (await one.read('k')).version;
    await other.write('k', { version: v0, tags: [ALL, 'post:1'], value: 'first' });
    expect((await one.read('k')).value).toBe('first');
    // Same version, other text: the copy held here is what is answered (the text is not sent again).
    await redis!.hset(`${prefix}entry:k`, 'v', '"sent again"');
    expect((await one.read('k')).value).toBe('first');
    // The body is not even read: a copy held at the current version is answered without it.
    await redis!.hdel(`${prefix}entry:k`, 'v');
    expect((await one.read('k')).value).toBe('first');
    // Another instance holds no copy and gets nothing rather than a header without its answer.
    expect((await third.read('k')).value).toBe(MISSING);
    // A write to what it shows: nothing, then the other instance's newer answer.
    await other.bump(['post:1']);
    expect((await one.read('k')).value).toBe(MISSING);
    const v2 = (await other.read('k')).version;
    await other.write('k', { version: v2, tags: [ALL, 'post:1'], value: 'second' });
    expect((await one.read('k')).value).toBe('second');
    // Gone from Redis (expired, flushed): gone here too.
    await redis!.del(`${prefix}entry:k`);
    expect((await one.read('k')).value).toBe(MISSING);
    const keys = await redis!.keys(`${prefix}*`);
    if (keys.length > 0) await redis!.del(...keys);
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
