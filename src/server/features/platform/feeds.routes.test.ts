import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createPost, createTags, makeGold } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';
import { testRedisUrl } from '../../test/redis.ts';
import { parseXml, type XmlElement } from '../../test/xml.ts';

const BASE = 'https://forum.example.org';
const ATOM = 'application/atom+xml; charset=utf-8';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('Atom feeds of the newest posts', () => {
  let t: TestApp;
  let ada: TestMember;
  let bea: TestMember;
  let hostile: TestMember;
  const ids: string[] = [];

  const feed = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toBe(ATOM);
    const xml = parseXml(res.body);
    expect(xml.root?.name).toBe('feed');
    expect(xml.root?.attribs.xmlns).toBe('http://www.w3.org/2005/Atom');
    const entries = xml.all('entry');
    const field = (entry: XmlElement, name: string) => xml.text(xml.child(entry, name));
    const link = (el: XmlElement, rel: string) =>
      xml.all('link', el).find((l) => l.attribs.rel === rel && (el.name === 'feed' ? l.parent === el : true))?.attribs.href;
    return { res, xml, entries, field, link };
  };

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: BASE, SITE_NAME: 'Code & Commons' });
    await createTags(t, 'typescript', 'c++', 'rust', 'c#');
    ada = await signUp(t.app, { name: 'Ada' });
    bea = await signUp(t.app, { name: 'Bea' });
    hostile = await signUp(t.app, { name: '<b>Mallory</b> & "co"' });
    await makeGold(t.db, ada.id);
    await makeGold(t.db, bea.id);
  });
  afterAll(() => t.close());

  it('answers an empty forum with a valid feed of no entries', async () => {
    const { xml, entries, link } = await feed('/feed.xml');
    expect(entries).toHaveLength(0);
    expect(xml.text(xml.child(xml.root!, 'title'))).toBe('Code & Commons');
    expect(xml.text(xml.child(xml.root!, 'id'))).toBe(`${BASE}/feed.xml`);
    expect(xml.text(xml.child(xml.root!, 'updated'))).toMatch(ISO);
    expect(link(xml.root!, 'self')).toBe(`${BASE}/feed.xml`);
    expect(link(xml.root!, 'alternate')).toBe(`${BASE}/`);
  });

  it('carries the 20 newest posts, newest first, with title, author, link, excerpt and times', async () => {
    for (let i = 0; i < 10; i += 1) ids.push(await createPost(t.app, ada, { title: `Post ${i}`, category: i % 2 ? 'rust' : 'typescript' }));
    for (let i = 10; i < 20; i += 1) ids.push(await createPost(t.app, bea, { title: `Post ${i}`, category: 'typescript' }));
    const writer = await signUp(t.app, { name: 'Grace' });
    ids.push(
      await createPost(t.app, writer, { title: 'Post 20', description: 'First **bold** words\n\nand more.', category: 'typescript' }),
    );

    const { xml, entries, field, link } = await feed('/feed.xml');
    expect(entries).toHaveLength(20);
    expect(entries.map((e) => field(e, 'title'))).toEqual(Array.from({ length: 20 }, (_, i) => `Post ${20 - i}`));
    const [first] = entries;
    expect(field(first!, 'id')).toBe(`urn:uuid:${ids[20]}`);
    expect(link(first!, 'alternate')).toBe(`${BASE}/post-details/${ids[20]}`);
    expect(xml.text(xml.child(xml.child(first!, 'author')!, 'name'))).toBe('Grace');
    expect(xml.text(xml.child(xml.child(first!, 'author')!, 'uri'))).toBe(`${BASE}/members/${writer.id}`);
    expect(field(first!, 'summary')).toBe('First bold words and more.');
    expect(field(first!, 'published')).toMatch(ISO);
    expect(field(first!, 'updated')).toBe(field(first!, 'published'));
    expect(xml.child(first!, 'category')?.attribs.term).toBe('typescript');
    // The feed was last updated when its newest entry was.
    expect(xml.text(xml.child(xml.root!, 'updated'))).toBe(field(first!, 'updated'));
  });

  it('escapes a hostile title and author name, and drops characters XML cannot hold', async () => {
    const title = `</title><script>alert("x")</script> & 'q' ]]> \u0001end`;
    await createPost(t.app, hostile, { title, category: 'c++' });
    const { res, entries, field, xml } = await feed('/feed.xml');
    expect(field(entries[0]!, 'title')).toBe(title.replace('\u0001', ''));
    expect(xml.text(xml.child(xml.child(entries[0]!, 'author')!, 'name'))).toBe('<b>Mallory</b> & "co"');
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('<b>');
    expect(res.body).not.toContain('\u0001');
  });

  it('follows writes: an edit moves the entry’s updated time, a new post comes first', async () => {
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/post-data/${ids[9]}`,
      headers: ada.headers,
      payload: { title: 'Post 9, edited' },
    });
    expect(edited.statusCode).toBe(200);
    const { entries, field } = await feed('/feed.xml');
    const entry = entries.find((e) => field(e, 'title') === 'Post 9, edited')!;
    expect(field(entry, 'updated')! > field(entry, 'published')!).toBe(true);

    const latest = await createPost(t.app, hostile, { title: 'The very latest', category: 'rust' });
    const after = await feed('/feed.xml');
    expect(after.field(after.entries[0]!, 'id')).toBe(`urn:uuid:${latest}`);
  });

  it('has a feed per tag, holding that tag’s posts only, at an address that escapes the tag', async () => {
    const rust = await feed('/tags/rust/feed.xml');
    expect(rust.entries.length).toBeGreaterThan(0);
    for (const e of rust.entries) expect(rust.xml.child(e, 'category')?.attribs.term).toBe('rust');
    expect(rust.xml.text(rust.xml.child(rust.xml.root!, 'title'))).toBe('Code & Commons: rust');
    expect(rust.link(rust.xml.root!, 'alternate')).toBe(`${BASE}/?search=rust`);

    const cpp = await feed('/tags/c%2B%2B/feed.xml');
    expect(cpp.entries).toHaveLength(1);
    expect(cpp.link(cpp.xml.root!, 'self')).toBe(`${BASE}/tags/c%2B%2B/feed.xml`);
    expect(cpp.link(cpp.xml.root!, 'alternate')).toBe(`${BASE}/?search=c%2B%2B`);
    // A tag with no posts yet has a valid, empty feed; `#` would end the path unescaped.
    const csharp = await feed('/tags/c%23/feed.xml');
    expect(csharp.entries).toHaveLength(0);
    expect(csharp.link(csharp.xml.root!, 'self')).toBe(`${BASE}/tags/c%23/feed.xml`);
    // Tags are lowercase: any case finds the tag's feed.
    expect((await t.app.inject({ url: '/tags/RUST/feed.xml' })).statusCode).toBe(200);
  });

  it('names a banned writer without the address of the profile they no longer have, in the feeds kept before the ban too', async () => {
    const admin = await createAdmin(t, 'Moderator');
    const eve = await signUp(t.app, { name: 'Eve' });
    await createPost(t.app, eve, { title: 'Eve writes', category: 'rust' });
    const author = (found: Awaited<ReturnType<typeof feed>>) => {
      const entry = found.entries.find((e) => found.field(e, 'title') === 'Eve writes')!;
      const element = found.xml.child(entry, 'author')!;
      return { name: found.xml.text(found.xml.child(element, 'name')), uri: found.xml.text(found.xml.child(element, 'uri')) };
    };
    for (const url of ['/feed.xml', '/tags/rust/feed.xml'])
      expect(author(await feed(url))).toEqual({ name: 'Eve', uri: `${BASE}/members/${eve.id}` });
    const ban = await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${eve.email}`, headers: admin.headers });
    expect(ban.json()).toEqual({ deletedCount: 1 });
    for (const url of ['/feed.xml', '/tags/rust/feed.xml']) {
      const found = await feed(url);
      expect(author(found), url).toEqual({ name: 'Eve', uri: undefined });
      // The other writers keep theirs.
      const others = found.entries.filter((e) => found.field(e, 'title') !== 'Eve writes');
      expect(others.length, url).toBeGreaterThan(0);
      for (const e of others)
        expect(found.xml.text(found.xml.child(found.xml.child(e, 'author')!, 'uri')), url).toMatch(`${BASE}/members/`);
    }
  });

  it('answers 404 in the one error shape for a tag that does not exist or could not', async () => {
    for (const tag of ['nope', '%3Cscript%3E', 'a'.repeat(31)]) {
      const res = await t.app.inject({ url: `/tags/${tag}/feed.xml` });
      expect(res.statusCode, tag).toBe(404);
      expect(res.json()).toEqual({ message: 'No such tag.', code: 'NOT_FOUND' });
    }
  });

  it('answers HEAD, and 304 to a reader holding the current version; caches may keep a feed a few minutes', async () => {
    for (const url of ['/feed.xml', '/tags/rust/feed.xml']) {
      const get = await t.app.inject({ url });
      expect(get.headers['cache-control']).toBe('public, max-age=300');
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe(ATOM);
      expect(head.body).toBe('');
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(get.headers.etag) } });
      expect(again.statusCode).toBe(304);
      // A reader that takes gzip gets it, under a validator of its own.
      const zipped = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toBe('accept-encoding');
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(get.body);
      expect(zipped.headers.etag).not.toBe(get.headers.etag);
      const zippedAgain = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip', 'if-none-match': String(zipped.headers.etag) } });
      expect(zippedAgain.statusCode).toBe(304);
    }
  });
});

describe.runIf(testRedisUrl !== null)('the feeds kept in Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ REDIS_URL: testRedisUrl ?? '' });
    await createTags(t, 'rust');
  });
  afterAll(() => t.close());

  it('keeps a feed between writes and follows the next post', async () => {
    const member = await signUp(t.app, { name: 'Redis Reader' });
    await createPost(t.app, member, { title: 'First', category: 'rust' });
    const titles = async (url: string) => {
      const xml = parseXml((await t.app.inject({ url })).body);
      return xml.all('entry').map((e) => xml.text(xml.child(e, 'title')));
    };
    for (const url of ['/feed.xml', '/tags/rust/feed.xml']) {
      expect(await titles(url)).toEqual(['First']);
      expect(await titles(url)).toEqual(['First']);
    }
    await createPost(t.app, member, { title: 'Second', category: 'rust' });
    for (const url of ['/feed.xml', '/tags/rust/feed.xml']) expect(await titles(url)).toEqual(['Second', 'First']);
  });
});
