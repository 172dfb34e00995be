import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as compression from '../lib/compression.ts';
import { gzip } from '../lib/compression.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { openEventStream } from '../test/event-stream.ts';
import { createPost, createTags } from '../test/factories.ts';
import { signUp, type TestMember } from '../test/sign-in.ts';

// Counted: how often a kept answer is compressed (the plugin's own compression is zlib's).
vi.mock('../lib/compression.ts', async (original) => {
  const actual = await original<typeof compression>();
  return { ...actual, gzip: vi.fn(actual.gzip) };
});

const GZIP = { 'accept-encoding': 'gzip, deflate, br' };
const HOME = '/api/pagination?page=0&limit=10';

describe('API JSON compressed for clients that accept it', () => {
  let t: TestApp;
  let base: string;
  let writer: TestMember;
  /** A second writer: a member may publish only so many posts. */
  let other: TestMember;

  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await createTags(t, 'typescript');
    writer = await signUp(t.app, { name: 'Writer' });
    other = await signUp(t.app, { name: 'Other' });
    for (let i = 0; i < 5; i += 1) {
      await createPost(t.app, writer, { title: `Post number ${i}`, description: `Words about post ${i}, `.repeat(20) });
    }
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const gunzipped = (res: { rawPayload: Buffer }) => gunzipSync(res.rawPayload).toString('utf8');

  it('sends a kept home list gzipped when asked, and exactly the plain JSON once decompressed', async () => {
    const plain = await get(HOME);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.json()).toHaveLength(5);

    const zipped = await get(HOME, GZIP);
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zipped.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipped(zipped)).toBe(plain.body);

    // Asked again: the same bytes, compressed once (when kept: on PostgreSQL without Redis
    // nothing is, and each answer is compressed as it is made).
    const compressions = vi.mocked(gzip).mock.calls.length;
    expect(compressions).toBe(t.app.readCache ? 1 : 0);
    expect((await get(HOME, GZIP)).rawPayload.equals(zipped.rawPayload)).toBe(true);
    expect(vi.mocked(gzip).mock.calls.length).toBe(compressions);
    // A write makes a new version, compressed in its turn.
    await createPost(t.app, other, { title: 'A newer post', description: 'More words, '.repeat(20) });
    const newer = await get(HOME);
    expect(newer.json()).toHaveLength(6);
    expect(gunzipped(await get(HOME, GZIP))).toBe(newer.body);
    expect(vi.mocked(gzip).mock.calls.length).toBe(t.app.readCache ? 2 : 0);
  });

  it('sends it plain to a client that refuses gzip or does not name it', async () => {
    const plain = await get(HOME);
    for (const acceptEncoding of ['gzip;q=0', 'identity', 'deflate']) {
      const res = await get(HOME, { 'accept-encoding': acceptEncoding });
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.body, acceptEncoding).toBe(plain.body);
    }
  });

  it('compresses other JSON answers worth it: a tag search, a member’s own posts (still never stored)', async () => {
    for (const [url, headers] of [
      ['/api/search-by-tag?search=typescript&page=0&limit=10', {}],
      [`/api/my-post-pagination/${encodeURIComponent(writer.email)}?page=0&limit=10`, writer.headers],
    ] as const) {
      const plain = await get(url, headers);
      const zipped = await get(url, { ...headers, ...GZIP });
      expect(zipped.statusCode, url).toBe(200);
      expect(zipped.headers['content-encoding'], url).toBe('gzip');
      expect(zipped.headers.vary, url).toMatch(/accept-encoding/i);
      expect(zipped.headers['cache-control'], url).toBe(plain.headers['cache-control']);
      expect(gunzipped(zipped), url).toBe(plain.body);
    }
    const own = await get(`/api/my-post-pagination/${encodeURIComponent(writer.email)}?page=0&limit=10`, { ...writer.headers, ...GZIP });
    expect(own.headers['cache-control']).toBe('no-store');
  });

  it('leaves small answers plain, kept or not', async () => {
    // A page past the last one is a kept answer too (an empty list).
    for (const url of ['/api/pagination?page=50&limit=10', '/api/post-data-count', '/api/health']) {
      const res = await get(url, GZIP);
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.length, url).toBeLessThan(1024);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(() => res.json() as unknown, url).not.toThrow();
    }
  });

  it('never compresses the event stream', async () => {
    const stream = await openEventStream(base, '/api/events', GZIP);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['content-encoding']).toBeUndefined();
      // What the stream carries arrives as text, as it is written.
      const postId = await createPost(t.app, other, { title: 'Heard live' });
      const event = await stream.take((e) => e.event === 'post' && e.data.includes(postId));
      expect(JSON.parse(event.data)).toMatchObject({ _id: postId });
    } finally {
      stream.close();
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/api/events', headers: GZIP });
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('leaves images alone', async () => {
    const res = await get('/icons/icon-192.png', GZIP);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the one error shape, whether the error answer is small (plain) or large (compressed)', async () => {
    const missing = await get('/api/post-data/no-such-post', GZIP);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toEqual({ message: expect.any(String) as string, code: 'NOT_FOUND' });

    // Fifty empty ids: a detail each, well over the threshold.
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/individual-comment-counts',
      headers: GZIP,
      payload: { postIds: Array.from({ length: 50 }, () => '') },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['content-encoding']).toBe('gzip');
    expect(invalid.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(gunzipped(invalid)) as { message: string; code: string; details: unknown[] };
    expect(body).toMatchObject({ message: 'The request is not valid.', code: 'VALIDATION_FAILED' });
    expect(body.details).toHaveLength(50);
  });
});
