import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createPost, createTags } from '../test/factories.ts';
import { testRedisUrl } from '../test/redis.ts';
import { signUp, type TestMember } from '../test/sign-in.ts';
import { WRITES_PER_MINUTE, isLimitedWrite } from './rate-limit.ts';

// Shared by every instance when REDIS_URL is set; runs where a Redis answers (always in CI).

const comment = (app: FastifyInstance, member: TestMember, postId: string, text = 'Nice post') =>
  app.inject({ method: 'POST', url: '/api/comment-data', headers: member.headers, payload: { postId, comment: text } });
const commentCount = async (app: FastifyInstance, postId: string) =>
  (await app.inject({ url: `/api/post-comment-count/${postId}` })).json<{ count: number }>().count;

describe('isLimitedWrite', () => {
  it('counts writes under /api, except Better Auth, the Stripe webhook and reads sent as POST', () => {
    expect(isLimitedWrite('POST', '/api/comment-data')).toBe(true);
    expect(isLimitedWrite('PATCH', '/api/post-data/upVote/:id')).toBe(true);
    expect(isLimitedWrite('DELETE', '/api/post-delete/:id')).toBe(true);
    expect(isLimitedWrite('PUT', '/api/anything')).toBe(true);
    expect(isLimitedWrite('GET', '/api/comment-data')).toBe(false);
    expect(isLimitedWrite('HEAD', '/api/pagination')).toBe(false);
    expect(isLimitedWrite(['GET', 'POST'], '/api/auth/*')).toBe(false);
    expect(isLimitedWrite('POST', '/api/payments/webhook')).toBe(false);
    expect(isLimitedWrite('POST', '/api/individual-comment-counts')).toBe(false);
    expect(isLimitedWrite('POST', '/not-api')).toBe(false);
  });
});

// The tests below run in order: the first spends Alice's budget, the others rely on it spent.
describe('write rate limit (RATE_LIMIT=on, counted in this process)', () => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let postId: string;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT: 'on' });
    await createTags(t, 'typescript');
    // Better Auth allows 5 sign-ups a minute from one address while limits are on.
    alice = await signUp(t.app, { name: 'Alice' });
    bob = await signUp(t.app, { name: 'Bob' });
    const carol = await signUp(t.app, { name: 'Carol' });
    postId = await createPost(t.app, carol);
  });
  afterAll(() => t.close());

  it(`refuses a member's write beyond ${WRITES_PER_MINUTE} a minute with 429 RATE_LIMITED, storing nothing`, async () => {
    for (let i = 1; i <= WRITES_PER_MINUTE; i += 1) {
      const res = await comment(t.app, alice, postId, `Comment ${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(WRITES_PER_MINUTE));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(WRITES_PER_MINUTE - i));
    }
    expect(await commentCount(t.app, postId)).toBe(WRITES_PER_MINUTE);

    const refused = await comment(t.app, alice, postId, 'One too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await commentCount(t.app, postId)).toBe(WRITES_PER_MINUTE);

    // One budget spans every write, not one per route: a vote is refused too, and not counted.
    const vote = await t.app.inject({ method: 'PATCH', url: `/api/post-data/upVote/${postId}`, headers: alice.headers });
    expect(vote.statusCode).toBe(429);
    expect(vote.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const post = await t.app.inject({ url: `/api/post-data/${postId}`, headers: alice.headers });
    expect(post.json()).toMatchObject({ upVote: 0, downVote: 0 });
  });

  it('never counts reads, nor the routes left to others', async () => {
    for (let i = 0; i < WRITES_PER_MINUTE + 5; i += 1) {
      const res = await t.app.inject({ url: `/api/comment-pagination/${postId}?page=0&limit=5`, headers: alice.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    // A read sent as POST, by the limited member and by anyone.
    for (const headers of [alice.headers, {}]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/individual-comment-counts', headers, payload: { postIds: [postId] } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ postId, commentCount: WRITES_PER_MINUTE }]);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: alice.headers });
    expect(session.statusCode).toBe(200);
    expect(session.headers['x-ratelimit-limit']).toBeUndefined();
    const webhook = await t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: alice.headers, payload: '{}' });
    expect(webhook.statusCode).not.toBe(429);
    expect(webhook.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('counts per member: another member on the same address still writes', async () => {
    expect((await comment(t.app, alice, postId)).statusCode).toBe(429);
    const res = await comment(t.app, bob, postId, 'From Bob');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-remaining']).toBe(String(WRITES_PER_MINUTE - 1));
    expect(await commentCount(t.app, postId)).toBe(WRITES_PER_MINUTE + 1);
  });
});

describe('write rate limit (RATE_LIMIT=off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(() => t.close());

  it('counts nothing', async () => {
    await createTags(t, 'typescript');
    const member = await signUp(t.app);
    const postId = await createPost(t.app, member);
    for (let i = 0; i <= WRITES_PER_MINUTE; i += 1) {
      const res = await comment(t.app, member, postId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect(await commentCount(t.app, postId)).toBe(WRITES_PER_MINUTE + 1);
  });
});

describe.runIf(testRedisUrl !== null)('write rate limit shared in Redis (REDIS_URL)', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let alice: TestMember;
  let postId: string;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT: 'on', REDIS_URL: testRedisUrl! });
    // A second instance of the server on the same database and Redis, as behind a load balancer.
    other = await buildApp({ config: t.config, database: t.database, logger: false });
    await other.ready();
    await createTags(t, 'typescript');
    alice = await signUp(t.app, { name: 'Alice' });
    postId = await createPost(t.app, await signUp(t.app, { name: 'Carol' }));
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('counts writes to either instance against one budget', async () => {
    // Alternating: each instance alone sees only half the writes.
    for (let i = 1; i <= WRITES_PER_MINUTE; i += 1) {
      const res = await comment(i % 2 ? t.app : other, alice, postId, `Comment ${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(WRITES_PER_MINUTE - i));
    }
    for (const app of [t.app, other]) {
      const refused = await comment(app, alice, postId, 'One too many');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await commentCount(t.app, postId)).toBe(WRITES_PER_MINUTE);
  });
});
