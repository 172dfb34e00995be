import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, languageSortedDatabase, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createPost, createTags } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

describe('tags', () => {
  let t: TestApp;
  let admin: TestMember;
  let member: TestMember;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createAdmin(t);
    member = await signUp(t.app);
    await createTags(t, 'rust', 'c++', 'javascript');
  });
  afterAll(() => t.close());

  it('lists every tag alphabetically to anyone', async () => {
    const res = await t.app.inject({ url: '/api/tag-data' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { tag: string }[]).map((x) => x.tag)).toEqual(['c++', 'javascript', 'rust']);
    expect(res.json()[0]).toEqual({ _id: expect.any(String), tag: 'c++' });
  });

  it('lets an admin add a tag, trimmed and lowercased', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/tag-data', headers: admin.headers, payload: { tag: '  Node.JS ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ insertedId: expect.any(String) });
    const tags = (await t.app.inject({ url: '/api/tag-data' })).json() as { tag: string }[];
    expect(tags.map((x) => x.tag)).toContain('node.js');
  });

  it('answers 409 CONFLICT for a duplicate, whatever its case', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/tag-data', headers: admin.headers, payload: { tag: 'RUST' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it.each([[''], ['two words'], ['x'.repeat(31)], ['emoji🙂'], [42]])('refuses the tag %j with 400 and adds nothing', async (tag) => {
    const before = ((await t.app.inject({ url: '/api/tag-data' })).json() as unknown[]).length;
    const res = await t.app.inject({ method: 'POST', url: '/api/tag-data', headers: admin.headers, payload: { tag } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(((await t.app.inject({ url: '/api/tag-data' })).json() as unknown[]).length).toBe(before);
  });

  it.each([['...'], ['-'], ['+'], ['#'], ['--'], [' +#.- ']])(
    'refuses the tag %j, only punctuation, with 400 and adds nothing',
    async (tag) => {
      const before = ((await t.app.inject({ url: '/api/tag-data' })).json() as unknown[]).length;
      const res = await t.app.inject({ method: 'POST', url: '/api/tag-data', headers: admin.headers, payload: { tag } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'The request is not valid.',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'body.tag', message: 'A tag needs at least one letter or digit' }],
      });
      expect(((await t.app.inject({ url: '/api/tag-data' })).json() as unknown[]).length).toBe(before);
    },
  );

  it.each([['C#'], ['.NET'], ['c-sharp'], ['f#'], ['3d']])('adds the tag %j, punctuation beside a letter or digit', async (tag) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/tag-data', headers: admin.headers, payload: { tag } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('keeps a tag made only of punctuation before the rule usable: a post is filed, edited and found under it', async () => {
    await createTags(t, '--');
    const post = await createPost(t.app, member, { title: 'Dashes everywhere', category: '--' });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/post-data/${post}`,
      headers: member.headers,
      payload: { title: 'Dashes, everywhere', category: '--' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const found = await t.app.inject({ url: `/api/search-by-tag?${new URLSearchParams({ search: '--' })}` });
    expect((found.json() as { _id: string; category: string }[]).map((p) => [p._id, p.category])).toEqual([[post, '--']]);
    expect((await t.app.inject({ url: '/tags/--/feed.xml' })).statusCode).toBe(200);
  });

  it('refuses a visitor (401) and a Client (403)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/tag-data', payload: { tag: 'go' } })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/tag-data', headers: member.headers, payload: { tag: 'go' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('the tag list on a database that sorts text by a language', () => {
  let t: TestApp;
  let database: Awaited<ReturnType<typeof languageSortedDatabase>>;
  beforeAll(async () => {
    database = await languageSortedDatabase();
    t = await buildTestApp(database.env);
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  it('lists the tags in the order of their characters, as on SQLite', async () => {
    await createTags(t, 'cobol', 'c.net', 'c-sharp', 'c++', 'c#', 'c');
    const tags = (await t.app.inject({ url: '/api/tag-data' })).json() as { tag: string }[];
    expect(tags.map((x) => x.tag)).toEqual(['c', 'c#', 'c++', 'c-sharp', 'c.net', 'cobol']);
  });
});
