import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS } from '#shared/constants.ts';
import type { Post } from '#shared/schemas/post.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags, makeGold } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

describe('member profiles', () => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let admin: TestMember;
  const alicePosts: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'typescript');
    alice = await signUp(t.app, { name: 'Alice' });
    bob = await signUp(t.app, { name: 'Bob' });
    admin = await createAdmin(t, 'Ada');
    await makeGold(t.db, alice.id);
    for (let i = 0; i < 3; i += 1) alicePosts.push(await createPost(t.app, alice, { title: `Alice ${i}` }));
    await createPost(t.app, bob, { title: 'Bob post' });
    await createComment(t.app, alice, alicePosts[0]!);
    await createComment(t.app, alice, alicePosts[1]!);
  });
  afterAll(() => t.close());

  it('answers anyone a member’s profile with counts, and never an email', async () => {
    const res = await t.app.inject({ url: `/api/members/${alice.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: alice.id,
      name: 'Alice',
      photo: null,
      membership: 'Gold',
      role: 'Client',
      joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      posts: 3,
      comments: 2,
      points: 3 * POINTS.post + 2 * POINTS.comment,
    });
    expect(res.body).not.toContain('@');
    expect(res.body).not.toContain(alice.email);
  });

  it('shows an admin’s role, and zeros for a member with no activity', async () => {
    const res = await t.app.inject({ url: `/api/members/${admin.id}`, headers: bob.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: admin.id, role: 'Admin', membership: 'Bronze', posts: 0, comments: 0, points: 0 });
    expect(res.body).not.toContain(admin.email);
  });

  it('pages a member’s posts newest first with X-Total-Count', async () => {
    const first = await t.app.inject({ url: `/api/members/${alice.id}/posts?page=0&limit=2` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    const items = first.json() as Post[];
    expect(items.map((p) => p.title)).toEqual(['Alice 2', 'Alice 1']);
    expect(items[0]).toMatchObject({ authorId: alice.id, name: 'Alice', commentCount: 0 });
    expect(items[1]).toMatchObject({ commentCount: 1 });
    expect(first.body).not.toContain('@');
    const second = await t.app.inject({ url: `/api/members/${alice.id}/posts?page=1&limit=2` });
    expect((second.json() as Post[]).map((p) => p.title)).toEqual(['Alice 0']);
    const bobs = await t.app.inject({ url: `/api/members/${bob.id}/posts` });
    expect((bobs.json() as Post[]).map((p) => p.title)).toEqual(['Bob post']);
  });

  it('answers 404 for an unknown member, the same shape on both calls', async () => {
    for (const url of ['/api/members/no-such-member', '/api/members/no-such-member/posts']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'No such member.', code: 'NOT_FOUND' });
    }
  });

  it('answers 404 for a banned member, as for one who never was: the account is no longer a member of the forum', async () => {
    const mallory = await signUp(t.app, { name: 'Mallory' });
    await createPost(t.app, mallory, { title: 'Mallory post' });
    expect((await t.app.inject({ url: `/api/members/${mallory.id}` })).statusCode).toBe(200);
    const ban = await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${mallory.email}`, headers: admin.headers });
    expect(ban.json()).toEqual({ deletedCount: 1 });
    for (const url of [`/api/members/${mallory.id}`, `/api/members/${mallory.id}/posts`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'No such member.', code: 'NOT_FOUND' });
    }
  });

  it('answers 400 for a malformed id or paging', async () => {
    const cases = [
      `/api/members/${'x'.repeat(65)}`,
      `/api/members/${alice.id}/posts?page=-1`,
      `/api/members/${alice.id}/posts?limit=0`,
      `/api/members/${alice.id}/posts?limit=101`,
      `/api/members/${alice.id}/posts?page=abc`,
    ];
    for (const url of cases) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
