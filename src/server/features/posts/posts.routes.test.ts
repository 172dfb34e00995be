import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '#shared/schemas/post.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

describe('posts: lists, detail and search', () => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let admin: TestMember;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'typescript', 'rust', 'javascript', 'go');
    alice = await signUp(t.app, { name: 'Alice' });
    bob = await signUp(t.app, { name: 'Bob' });
    admin = await createAdmin(t);
    // 7 posts, oldest first: ts, rust, js, ts, go, rust, js
    const cats = ['typescript', 'rust', 'javascript', 'typescript', 'go', 'rust', 'javascript'];
    for (const [i, category] of cats.entries()) {
      ids.push(await createPost(t.app, i % 2 === 0 ? alice : bob, { title: `Post ${i}`, category }));
    }
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ url });

  it('pages newest first with X-Total-Count and no author emails', async () => {
    const res = await get('/api/pagination?page=0&limit=3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('7');
    const posts = res.json() as Post[];
    expect(posts.map((p) => p.title)).toEqual(['Post 6', 'Post 5', 'Post 4']);
    expect(posts[0]).toEqual({
      _id: ids[6],
      title: 'Post 6',
      description: 'Some words',
      category: 'javascript',
      name: 'Alice',
      photo: null,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      upVote: 0,
      downVote: 0,
      commentCount: 0,
      authorId: alice.id,
      descriptionHtml: '<p>Some words</p>',
      excerpt: 'Some words',
      editedAt: null,
    });
    expect(res.body).not.toContain(alice.email);
  });

  it('handles the pagination edges: last page, empty page, limit 1 and 100', async () => {
    expect((await get('/api/pagination?page=2&limit=3')).json().map((p: Post) => p.title)).toEqual(['Post 0']);
    const empty = await get('/api/pagination?page=5&limit=3');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('7');
    expect((await get('/api/pagination?page=0&limit=1')).json()).toHaveLength(1);
    expect((await get('/api/pagination?page=0&limit=100')).json()).toHaveLength(7);
    expect((await get('/api/pagination')).json()).toHaveLength(7);
  });

  it.each(['page=-1', 'page=0.5', 'page=x', 'limit=0', 'limit=101', 'limit=-5', 'limit=2.5'])('answers 400 for %s', async (q) => {
    for (const path of ['/api/pagination', '/api/post-data/popularity', '/api/search-by-tag']) {
      const res = await get(`${path}?${q}`);
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: expect.any(Array) });
    }
  });

  it('orders by popularity (up − down), ties newest first', async () => {
    const voter2 = await signUp(t.app);
    // Post 1 gets +2, Post 3 gets +1, Post 5 gets −1.
    for (const m of [alice, voter2]) await t.app.inject({ method: 'PATCH', url: `/api/post-data/upVote/${ids[1]}`, headers: m.headers });
    await t.app.inject({ method: 'PATCH', url: `/api/post-data/upVote/${ids[3]}`, headers: alice.headers });
    await t.app.inject({ method: 'PATCH', url: `/api/post-data/downVote/${ids[5]}`, headers: alice.headers });
    const res = await get('/api/post-data/popularity?page=0&limit=10');
    expect(res.headers['x-total-count']).toBe('7');
    expect((res.json() as Post[]).map((p) => p.title)).toEqual(['Post 1', 'Post 3', 'Post 6', 'Post 4', 'Post 2', 'Post 0', 'Post 5']);
  });

  it('searches by tag, case-insensitively, containing the text, newest first', async () => {
    const res = await get('/api/search-by-tag?search=SCRIPT&page=0&limit=10');
    expect(res.headers['x-total-count']).toBe('4');
    expect((res.json() as Post[]).map((p) => p.title)).toEqual(['Post 6', 'Post 3', 'Post 2', 'Post 0']);
    for (const search of ['Rust', '#rust', ' #RUST ']) {
      const rust = await get(`/api/search-by-tag?${new URLSearchParams({ search })}`);
      // As the chips show a tag, #rust: the # is the chip's, not the tag's.
      expect(
        (rust.json() as Post[]).map((p) => p.category),
        search,
      ).toEqual(['rust', 'rust']);
      expect(rust.headers['x-total-count'], search).toBe('2');
    }
    const none = await get('/api/search-by-tag?search=cobol');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    const wildcard = await get('/api/search-by-tag?search=%25');
    expect(wildcard.json()).toEqual([]);
  });

  it('counts posts', async () => {
    expect((await get('/api/post-data-count')).json()).toEqual({ count: 7 });
  });

  it('answers one post to anyone, with myVote for a member', async () => {
    const anon = await get(`/api/post-data/${ids[1]}`);
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toMatchObject({ _id: ids[1], title: 'Post 1', upVote: 2, myVote: null, canDelete: false });
    const mine = await t.app.inject({ url: `/api/post-data/${ids[1]}`, headers: alice.headers });
    expect(mine.json()).toMatchObject({ myVote: 'up' });
    const owner = await t.app.inject({ url: `/api/post-data/${ids[1]}`, headers: bob.headers });
    expect(owner.json()).toMatchObject({ myVote: null, canDelete: true });
    expect(anon.body).not.toContain(bob.email);
  });

  it('answers 404 for a post that does not exist', async () => {
    const res = await get('/api/post-data/00000000-0000-7000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('gives the admin-only full list to admins alone', async () => {
    expect((await get('/api/post-data')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/post-data', headers: alice.headers })).statusCode).toBe(403);
    const res = await t.app.inject({ url: '/api/post-data?limit=5', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(5);
    expect(res.headers['x-total-count']).toBe('7');
  });
});

describe('posts: writing', () => {
  let t: TestApp;
  let m: TestMember;
  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'typescript');
    m = await signUp(t.app);
  });
  afterAll(() => t.close());

  const count = async () => (await t.app.inject({ url: '/api/post-data-count' })).json().count as number;

  it('takes the author from the session and ignores forged fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/post-data',
      headers: m.headers,
      payload: { title: '  Hello  ', description: 'World', category: 'TypeScript', name: 'Mallory', email: 'x@y.z', upVote: 999 },
    });
    expect(res.statusCode).toBe(200);
    const post = (await t.app.inject({ url: `/api/post-data/${res.json().insertedId}` })).json();
    expect(post).toMatchObject({ title: 'Hello', category: 'typescript', name: m.name, upVote: 0 });
  });

  it.each([
    [{ description: 'd', category: 'typescript' }],
    [{ title: '', description: 'd', category: 'typescript' }],
    [{ title: 't', description: 'd' }],
    [{ title: 't', description: 'd', category: 'unknown-tag' }],
    [{ title: 'x'.repeat(151), description: 'd', category: 'typescript' }],
    [{ title: 't', description: 'x'.repeat(20_001), category: 'typescript' }],
    [{ title: 7, description: 'd', category: 'typescript' }],
  ])('refuses %j with 400 and writes nothing', async (payload) => {
    const before = await count();
    const res = await t.app.inject({ method: 'POST', url: '/api/post-data', headers: m.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await count()).toBe(before);
  });

  it('refuses a visitor with 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/post-data',
      payload: { title: 't', description: 'd', category: 'typescript' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('posts and comments: the admin\'s "all …" lists', () => {
  let t: TestApp;
  let admin: TestMember;
  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'go');
    admin = await createAdmin(t);
    const members = await Promise.all([1, 2, 3].map((i) => signUp(t.app, { name: `Writer ${i}` })));
    // 12 posts and 12 comments: more than the 10 a page of any other list defaults to.
    for (const member of members) {
      for (let i = 0; i < 4; i++) {
        const postId = await createPost(t.app, member, { title: `${member.name} ${i}`, category: 'go' });
        await createComment(t.app, admin, postId);
      }
    }
  });
  afterAll(() => t.close());

  it('answer a page of 100 when no limit is asked (API.md), and still take one', async () => {
    for (const url of ['/api/post-data', '/api/comment-data']) {
      const all = await t.app.inject({ url, headers: admin.headers });
      expect(all.statusCode).toBe(200);
      expect(all.json()).toHaveLength(12);
      expect(all.headers['x-total-count']).toBe('12');
      expect((await t.app.inject({ url: `${url}?limit=3`, headers: admin.headers })).json()).toHaveLength(3);
      expect((await t.app.inject({ url: `${url}?limit=101`, headers: admin.headers })).statusCode).toBe(400);
    }
  });
});
