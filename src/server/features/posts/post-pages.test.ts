import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '#shared/schemas/post.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createPost, createTags, makeGold } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

// Pages are read from an index and joined afterwards; a search over several tags merges one
// index range per tag (posts.queries.ts); totals come from stored counts. Every page must be
// exactly what the plain query answers.
describe('post pages', () => {
  let t: TestApp;
  let members: TestMember[];
  const tags = ['alpha-js', 'beta-js', 'gamma', ...Array.from({ length: 22 }, (_, i) => `many-${i}-js`)];

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, ...tags);
    members = [];
    for (let i = 0; i < 4; i += 1) {
      const m = await signUp(t.app);
      await makeGold(t.db, m.id);
      members.push(m);
    }
    // 36 posts over the tags, most on the first three.
    for (let i = 0; i < 36; i += 1) {
      const category = i % 4 === 3 ? tags[3 + (i % 22)]! : tags[i % 3]!;
      await createPost(t.app, members[i % 4]!, { title: `Post ${i}`, category });
    }
  });
  afterAll(() => t.close());

  /** The plain answer: every matching post, newest first (ties by id). */
  const expected = async (categories: string[] | null, order: 'newest' | 'popularity' = 'newest') => {
    let q = t.db.selectFrom('posts').select(['id', 'score', 'created_at']);
    if (categories) q = q.where('category', 'in', categories);
    if (order === 'popularity') q = q.orderBy('score', 'desc');
    return (await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id);
  };

  const pages = async (url: string, limit: number) => {
    const all: string[] = [];
    const totals = new Set<string>();
    for (let page = 0; ; page += 1) {
      const res = await t.app.inject({ url: `${url}${url.includes('?') ? '&' : '?'}page=${page}&limit=${limit}` });
      expect(res.statusCode).toBe(200);
      totals.add(res.headers['x-total-count'] as string);
      const posts = res.json() as Post[];
      all.push(...posts.map((p) => p._id));
      if (posts.length < limit) break;
    }
    return { ids: all, totals: [...totals] };
  };

  it('merges several tags page by page, exactly as the plain query orders them', async () => {
    for (const [search, categories] of [
      ['js', tags.filter((x) => x.includes('js'))], // 24 tags: more than are merged
      ['a-js', ['alpha-js', 'beta-js']], // 2 tags: merged
      ['alpha', ['alpha-js']], // 1 tag
    ] as const) {
      const want = await expected([...categories]);
      for (const limit of [1, 4, 7]) {
        const got = await pages(`/api/search-by-tag?search=${search}`, limit);
        expect(got.ids, `${search} by ${limit}`).toEqual(want);
        expect(got.totals).toEqual([String(want.length)]);
      }
    }
  });

  it('sorts a tag search by popularity, merged or not, exactly as the plain query does', async () => {
    const all = await expected(null);
    // Scores from −1 to +3 spread over the tags, with ties left for the newest-first rule.
    for (const [i, id] of all.entries()) {
      const ups = i % 5;
      for (let m = 0; m < Math.min(ups, 3); m += 1) {
        await t.app.inject({ method: 'PATCH', url: `/api/post-data/upVote/${id}`, headers: members[m]!.headers });
      }
      if (ups === 4) await t.app.inject({ method: 'PATCH', url: `/api/post-data/downVote/${id}`, headers: members[3]!.headers });
    }
    for (const [search, categories] of [
      ['js', tags.filter((x) => x.includes('js'))],
      ['a-js', ['alpha-js', 'beta-js']],
      ['alpha', ['alpha-js']],
    ] as const) {
      const want = await expected([...categories], 'popularity');
      expect(want).not.toEqual(await expected([...categories], 'newest'));
      for (const limit of [1, 4, 7]) {
        const got = await pages(`/api/search-by-tag?search=${search}&sort=popularity`, limit);
        expect(got.ids, `${search} by ${limit}`).toEqual(want);
        expect(got.totals).toEqual([String(want.length)]);
      }
    }
    expect((await pages('/api/search-by-tag?search=a-js&sort=newest', 4)).ids).toEqual(await expected(['alpha-js', 'beta-js']));
    const bad = await t.app.inject({ url: '/api/search-by-tag?search=js&sort=loudest' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('pages every post, newest and by popularity, to the last page', async () => {
    await t.app.inject({ method: 'PATCH', url: `/api/post-data/upVote/${(await expected(null))[30]}`, headers: members[0]!.headers });
    for (const order of ['newest', 'popularity'] as const) {
      const url = order === 'newest' ? '/api/pagination' : '/api/post-data/popularity';
      const want = await expected(null, order);
      const got = await pages(url, 5);
      expect(got.ids).toEqual(want);
      expect(got.totals).toEqual([String(want.length)]);
    }
  });

  it('keeps each tag’s post count through writing and removing posts', async () => {
    const before = (await t.app.inject({ url: '/api/search-by-tag?search=gamma' })).headers['x-total-count'];
    const id = await createPost(t.app, members[0]!, { category: 'gamma' });
    expect((await t.app.inject({ url: '/api/search-by-tag?search=gamma' })).headers['x-total-count']).toBe(String(Number(before) + 1));
    await t.app.inject({ method: 'DELETE', url: `/api/post-delete/${id}`, headers: members[0]!.headers });
    expect((await t.app.inject({ url: '/api/search-by-tag?search=gamma' })).headers['x-total-count']).toBe(before);
    const stored = await t.db.selectFrom('tags').select(['tag', 'post_count']).execute();
    for (const { tag, post_count } of stored) {
      const real = await t.db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('category', '=', tag)
        .executeTakeFirstOrThrow();
      expect(Number(post_count), tag).toBe(Number(real.n));
    }
  });
});
