import type { SearchHit } from '#shared/schemas/search.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

// PATCH and DELETE /api/tag-data/{id} (API.md "Moderation and members").
describe('renaming and removing tags', () => {
  let t: TestApp;
  let admin: TestMember;
  let member: TestMember;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createAdmin(t);
    member = await signUp(t.app);
    await createTags(t, 'js', 'python', 'rust', 'spare', 'empty');
  });
  afterAll(() => t.close());

  const tags = async () => ((await t.app.inject({ url: '/api/tag-data' })).json() as { _id: string; tag: string }[]).sort();
  const idOf = async (tag: string) => (await tags()).find((x) => x.tag === tag)!._id;
  const tagOfPost = async (id: string) =>
    (await t.db.selectFrom('posts').select('category').where('id', '=', id).executeTakeFirstOrThrow()).category;
  const postCount = async (tag: string) =>
    Number((await t.db.selectFrom('tags').select('post_count').where('tag', '=', tag).executeTakeFirstOrThrow()).post_count);
  const search = async (q: string) => (await t.app.inject({ url: `/api/search?${new URLSearchParams({ q })}` })).json() as SearchHit[];

  it('renames a tag, and its posts and their comments keep it under the new name', async () => {
    const post = await createPost(t.app, member, { title: 'Closures explained', category: 'js' });
    const comment = await createComment(t.app, admin, post, 'Hoisting quirks');
    const id = await idOf('js');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/tag-data/${id}`,
      headers: admin.headers,
      payload: { tag: ' JavaScript ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect((await tags()).map((x) => x.tag)).toContain('javascript');
    expect((await tags()).map((x) => x.tag)).not.toContain('js');
    expect(await tagOfPost(post)).toBe('javascript');
    expect(await postCount('javascript')).toBe(1);
    expect((await search('tag:javascript')).map((h) => h.postId)).toContain(post);
    expect(await search('tag:js')).toEqual([]);
    expect((await search('tag:javascript hoisting')).map((h) => h.commentId)).toEqual([comment]);
    const list = (await t.app.inject({ url: '/api/search-by-tag?tag=javascript' })).json() as { _id: string }[];
    expect(list.map((p) => p._id)).toEqual([post]);
  });

  it('answers 409 for a name another tag has, and changes nothing', async () => {
    const id = await idOf('python');
    const res = await t.app.inject({ method: 'PATCH', url: `/api/tag-data/${id}`, headers: admin.headers, payload: { tag: 'RUST' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT' });
    expect((await tags()).map((x) => x.tag)).toEqual(['empty', 'javascript', 'python', 'rust', 'spare']);
  });

  it.each([[''], ['two words'], ['x'.repeat(31)], [42], ['.'], [' .. ']])('refuses the name %j with 400', async (tag) => {
    const id = await idOf('python');
    const res = await t.app.inject({ method: 'PATCH', url: `/api/tag-data/${id}`, headers: admin.headers, payload: { tag } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await tags()).map((x) => x.tag)).toContain('python');
  });

  it.each([['...'], ['-'], ['#'], [' -- ']])('refuses the name %j, only punctuation, with 400 and keeps the tag', async (tag) => {
    const id = await idOf('python');
    const res = await t.app.inject({ method: 'PATCH', url: `/api/tag-data/${id}`, headers: admin.headers, payload: { tag } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'body.tag', message: 'A tag needs at least one letter or digit' }],
    });
    expect((await tags()).map((x) => x.tag)).toContain('python');
  });

  it('renames a tag to names with punctuation beside a letter or digit', async () => {
    const id = await idOf('spare');
    for (const [name, stored] of [
      ['C++', 'c++'],
      ['C#', 'c#'],
      ['.NET', '.net'],
      ['node.js', 'node.js'],
      ['c-sharp', 'c-sharp'],
      ['spare', 'spare'],
    ]) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/tag-data/${id}`, headers: admin.headers, payload: { tag: name } });
      expect(res.statusCode, res.body).toBe(200);
      expect((await tags()).find((x) => x._id === id)?.tag).toBe(stored);
    }
  });

  it('answers modifiedCount 0 for the name the tag already has, whatever its case', async () => {
    const id = await idOf('rust');
    for (const tag of ['rust', ' RUST ']) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/tag-data/${id}`, headers: admin.headers, payload: { tag } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ modifiedCount: 0 });
    }
  });

  it('answers 404 for an unknown tag', async () => {
    const rename = await t.app.inject({ method: 'PATCH', url: '/api/tag-data/nope', headers: admin.headers, payload: { tag: 'go' } });
    expect(rename.statusCode).toBe(404);
    expect(rename.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/tag-data/nope', headers: admin.headers })).statusCode).toBe(404);
    const id = await idOf('empty');
    const badTarget = await t.app.inject({ method: 'DELETE', url: `/api/tag-data/${id}?moveTo=nope`, headers: admin.headers });
    expect(badTarget.statusCode).toBe(404);
    expect((await tags()).map((x) => x.tag)).toContain('empty');
  });

  it('refuses a visitor (401) and a Client (403), and changes nothing', async () => {
    const id = await idOf('python');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/tag-data/${id}`, payload: { tag: 'py' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tag-data/${id}` })).statusCode).toBe(401);
    const rename = await t.app.inject({ method: 'PATCH', url: `/api/tag-data/${id}`, headers: member.headers, payload: { tag: 'py' } });
    expect(rename.statusCode).toBe(403);
    expect(rename.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tag-data/${id}`, headers: member.headers })).statusCode).toBe(403);
    expect((await tags()).map((x) => x.tag)).toContain('python');
  });

  it('removes an unused tag without moveTo', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/tag-data/${await idOf('empty')}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect((await tags()).map((x) => x.tag)).not.toContain('empty');
  });

  it('needs moveTo for a tag posts use (409, nothing changes), then moves them', async () => {
    const post = await createPost(t.app, member, { title: 'Decorators', category: 'python' });
    const id = await idOf('python');
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/tag-data/${id}`, headers: admin.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: '1 post uses the tag "python": choose a tag to move it to.' });
    const itself = await t.app.inject({ method: 'DELETE', url: `/api/tag-data/${id}?moveTo=${id}`, headers: admin.headers });
    expect(itself.statusCode).toBe(400);
    expect(itself.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'querystring.moveTo', message: expect.any(String) }],
    });
    expect(await tagOfPost(post)).toBe('python');
    expect((await tags()).map((x) => x.tag)).toContain('python');

    const res = await t.app.inject({ method: 'DELETE', url: `/api/tag-data/${id}?moveTo=${await idOf('spare')}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect((await tags()).map((x) => x.tag)).not.toContain('python');
    expect(await tagOfPost(post)).toBe('spare');
    expect(await postCount('spare')).toBe(1);
    expect((await search('tag:spare decorators')).map((h) => h.postId)).toEqual([post]);
  });
});

// GET /api/tag-data/{id}/usage: how many posts use a tag, what the Delete Tag dialog asks before
// it offers (or needs) a tag to move them to.
describe('how many posts use a tag', () => {
  let t: TestApp;
  let admin: TestMember;
  let member: TestMember;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createAdmin(t);
    member = await signUp(t.app);
    await createTags(t, 'go', 'zig', 'spare');
  });
  afterAll(() => t.close());

  const idOf = async (tag: string) =>
    ((await t.app.inject({ url: '/api/tag-data' })).json() as { _id: string; tag: string }[]).find((x) => x.tag === tag)!._id;
  const usage = async (tag: string) => {
    const res = await t.app.inject({ url: `/api/tag-data/${await idOf(tag)}/usage`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as unknown;
  };

  it('answers an admin 0 for a tag no post uses, and follows posts written, moved and taken along', async () => {
    expect(await usage('go')).toEqual({ postCount: 0 });
    const first = await createPost(t.app, member, { title: 'Goroutines', category: 'go' });
    await createPost(t.app, member, { title: 'Channels', category: 'go' });
    expect(await usage('go')).toEqual({ postCount: 2 });
    expect(await usage('zig')).toEqual({ postCount: 0 });

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/post-data/${first}`,
      headers: member.headers,
      payload: { category: 'zig' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await usage('go')).toEqual({ postCount: 1 });
    expect(await usage('zig')).toEqual({ postCount: 1 });

    // Removing a tag moves its posts: the tag that takes them counts them.
    const zig = await idOf('zig');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/tag-data/${zig}?moveTo=${await idOf('spare')}`,
      headers: admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await usage('spare')).toEqual({ postCount: 1 });
    const gone = await t.app.inject({ url: `/api/tag-data/${zig}/usage`, headers: admin.headers });
    expect(gone.statusCode).toBe(404);
  });

  it('answers 404 NOT_FOUND for an unknown tag', async () => {
    const res = await t.app.inject({ url: '/api/tag-data/nope/usage', headers: admin.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a visitor (401) and a Client (403)', async () => {
    const url = `/api/tag-data/${await idOf('go')}/usage`;
    const anon = await t.app.inject({ url });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const asClient = await t.app.inject({ url, headers: member.headers });
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});
