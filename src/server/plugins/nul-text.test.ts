import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createPost, createTags } from '../test/factories.ts';
import { signUp, type TestMember } from '../test/sign-in.ts';
import { halfPairPath, nulPath } from './nul-text.ts';

describe('nulPath', () => {
  it('names the first string, key or item that holds U+0000', () => {
    expect(nulPath('plain', 'body')).toBeUndefined();
    expect(nulPath({ a: 'x', b: ['y', 'z\0'] }, 'body')).toBe('body.b.1');
    expect(nulPath({ ['k\0']: 1 }, 'querystring')).toBe('querystring.k\0');
    expect(nulPath({ a: { b: { c: '\0' } } }, 'params')).toBe('params.a.b.c');
    expect(nulPath({ n: 1, t: true, z: null }, 'body')).toBeUndefined();
  });

  it('reads no bytes as text', () => {
    expect(nulPath(Buffer.from([0, 0, 0]), 'body')).toBeUndefined();
    expect(nulPath({ file: Buffer.from('a\0b') }, 'body')).toBeUndefined();
  });
});

describe('a request carrying a NUL character', () => {
  let t: TestApp;
  let member: TestMember;
  let postId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'typescript');
    member = await signUp(t.app);
    postId = await createPost(t.app, member);
  });
  afterAll(() => t.close());

  it('is refused with 400 in the one shape, and nothing is written', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/comment-data',
      headers: member.headers,
      payload: { postId, comment: 'before\0after' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Text may not contain the NUL character.',
      code: 'VALIDATION_FAILED',
      details: [{ path: 'body.comment', message: 'contains U+0000' }],
    });
    const { count } = await t.db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
  });

  it('is refused in an address or a query too', async () => {
    const inPath = await t.app.inject({ url: '/api/post-data/%00' });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json().details).toEqual([{ path: 'params.id', message: 'contains U+0000' }]);
    const inQuery = await t.app.inject({ url: '/api/search?q=a%00b' });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json().details).toEqual([{ path: 'querystring.q', message: 'contains U+0000' }]);
  });

  it('leaves text without one as it was', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/comment-data',
      headers: member.headers,
      payload: { postId, comment: 'A tab\there, a backslash-zero \\0 there.' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('halfPairPath', () => {
  it('names a string or key with half of a surrogate pair, and leaves whole pairs alone', () => {
    expect(halfPairPath({ a: 'emoji 🙂 and 𝔸' }, 'body')).toBeUndefined();
    expect(halfPairPath({ a: ['x', 'broken \ud83d here'] }, 'body')).toBe('body.a.1');
    expect(halfPairPath({ a: 'ends with \udfff' }, 'body')).toBe('body.a');
    expect(halfPairPath({ ['k\ud800']: 1 }, 'querystring')).toBe('querystring.k\ud800');
  });
});

describe('a request carrying half of a surrogate pair', () => {
  let t: TestApp;
  let member: TestMember;
  let postId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'typescript');
    member = await signUp(t.app);
    postId = await createPost(t.app, member, { title: 'Whole' });
  });
  afterAll(() => t.close());

  // JSON's escapes reach the server as the lone half itself, as a client that cuts a string in two sends it.
  const send = (method: 'POST' | 'PATCH', url: string, json: string) =>
    t.app.inject({ method, url, headers: { ...member.headers, 'content-type': 'application/json' }, payload: json });

  it('is refused with 400 in the one shape, and nothing is written or kept as a revision', async () => {
    const created = await send('POST', '/api/post-data', '{"title":"cut \\ud83d","description":"d","category":"typescript"}');
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      message: 'Text must be valid Unicode.',
      code: 'VALIDATION_FAILED',
      details: [{ path: 'body.title', message: 'contains half of a surrogate pair' }],
    });
    for (let i = 0; i < 2; i += 1) {
      const edited = await send('PATCH', `/api/post-data/${postId}`, '{"title":"Whole \\udfff"}');
      expect(edited.statusCode).toBe(400);
    }
    const posts = await t.db.selectFrom('posts').select('title').execute();
    expect(posts.map((p) => p.title)).toEqual(['Whole']);
    expect(await t.db.selectFrom('post_revisions').select('id').execute()).toEqual([]);
  });

  it('leaves text with whole pairs as it was', async () => {
    const res = await send('POST', '/api/comment-data', JSON.stringify({ postId, comment: 'Nice 🙂 𝔸' }));
    expect(res.statusCode).toBe(200);
    const [comment] = (await t.app.inject({ url: `/api/comment-pagination/${postId}` })).json() as Array<{ comment: string }>;
    expect(comment!.comment).toBe('Nice 🙂 𝔸');
  });
});
