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

  it('keeps a banned member’s posts and comments under their name, marked as having no profile to link to', async () => {
    const eve = await signUp(t.app, { name: 'Eve' });
    const evePost = await createPost(t.app, eve, { title: 'Eve post' });
    const eveComment = await createComment(t.app, eve, alicePosts[2]!);
    await createComment(t.app, bob, alicePosts[2]!);
    type Written = { _id: string; name?: string; commenter_name?: string; authorId: string };
    const read = async (url: string, headers = {}) => {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      const body = res.json() as Written | Written[];
      return Array.isArray(body) ? body : [body];
    };
    /** Each answer that shows what Eve wrote, with the id of what it shows of hers. */
    const answers = async (): Promise<Array<[string, Written[], string]>> => [
      ['home', await read('/api/pagination?page=0&limit=50'), evePost],
      ['popular', await read('/api/post-data/popularity?page=0&limit=50'), evePost],
      ['tagged', await read('/api/search-by-tag?search=typescript'), evePost],
      ['post', await read(`/api/post-data/${evePost}`), evePost],
      ['comments', await read(`/api/comment-pagination/${alicePosts[2]}`), eveComment],
      ['owner’s comments', await read(`/api/post-comment-data/${alicePosts[2]}`, alice.headers), eveComment],
      ['all comments', await read('/api/comment-data?page=0&limit=50', admin.headers), eveComment],
    ];
    const eves = (items: Written[]) => items.filter((item) => item.authorId === eve.id);
    for (const [answer, items, id] of await answers()) {
      const [item, ...more] = eves(items);
      expect(more, answer).toEqual([]);
      expect(item, answer).toMatchObject({ _id: id });
      expect(item, answer).not.toHaveProperty('authorBanned');
    }

    const ban = await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${eve.email}`, headers: admin.headers });
    expect(ban.json()).toEqual({ deletedCount: 1 });
    for (const [answer, items, id] of await answers()) {
      // Still there under their name, which no longer links to the profile that is gone.
      const [item, ...more] = eves(items);
      expect(more, answer).toEqual([]);
      expect(item, answer).toMatchObject({ _id: id, authorBanned: true });
      expect(item!.name ?? item!.commenter_name, answer).toBe('Eve');
      // Members' own keep their links.
      const others = items.filter((other) => [alice.id, bob.id].includes(other.authorId));
      for (const other of others) expect(other, answer).not.toHaveProperty('authorBanned');
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
