import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createPost, createTags } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';
import { parseXml } from '../../test/xml.ts';
import { buildSitemap } from './sitemap.ts';

const BASE = 'https://forum.example.org';

describe('robots.txt, the sitemap, the icons and the manifest', () => {
  let t: TestApp;
  let poster: TestMember;
  let lurker: TestMember;
  let banned: TestMember;

  beforeAll(async () => {
    // A trailing slash in PUBLIC_URL is not doubled in the addresses given out.
    t = await buildTestApp({ PUBLIC_URL: `${BASE}/`, SITE_NAME: 'Rust & <Friends>' });
    await createTags(t, 'typescript', 'c++', 'empty');
    poster = await signUp(t.app, { name: 'Poster' });
    lurker = await signUp(t.app, { name: 'Lurker' });
    banned = await signUp(t.app, { name: 'Banned' });
    await createPost(t.app, poster, { category: 'typescript' });
    await createPost(t.app, poster, { category: 'c++' });
    const admin = await createAdmin(t, 'Ada');
    const ban = await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${banned.email}`, headers: admin.headers });
    expect(ban.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const sitemapLocs = (body: string) => {
    const xml = parseXml(body);
    return xml.all('url').map((url) => xml.text(xml.child(url, 'loc')));
  };

  it('answers robots.txt as plain text: the site allowed, the API and private areas not, the sitemap by its full address', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const rule of [
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /dashboard',
      'Disallow: /notifications',
      'Disallow: /auth/',
      'Disallow: /unsubscribe',
    ]) {
      expect(lines).toContain(rule);
    }
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    // Every line is a directive robots.txt knows, or blank.
    for (const line of lines) expect(line).toMatch(/^$|^(User-agent|Allow|Disallow|Sitemap): \S+$/);
  });

  it('answers the sitemap as XML in the sitemap protocol: home, tags with posts, then members who posted', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const xml = parseXml(res.body);
    expect(xml.root?.name).toBe('urlset');
    expect(xml.root?.attribs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = sitemapLocs(res.body);
    expect(locs[0]).toBe(`${BASE}/`);
    // Home's last change is its newest post.
    expect(xml.text(xml.all('lastmod')[0])).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // A tag's page is home's tag search; a tag without posts is not listed.
    expect(locs.slice(1, 3)).toEqual([`${BASE}/?search=c%2B%2B`, `${BASE}/?search=typescript`]);
    expect(locs.some((l) => l?.includes('empty'))).toBe(false);
    // Members who have posted come first; a banned member is not listed.
    expect(locs[3]).toBe(`${BASE}/members/${poster.id}`);
    expect(locs).toContain(`${BASE}/members/${lurker.id}`);
    expect(locs).not.toContain(`${BASE}/members/${banned.id}`);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/forum\.example\.org\//);
  });

  it('is made at most once per period, whatever is written meanwhile, and sent gzipped to those who accept it', async () => {
    const first = await t.app.inject({ url: '/sitemap.xml' });
    const newcomer = await signUp(t.app, { name: 'Newcomer' });
    const again = await t.app.inject({ url: '/sitemap.xml' });
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(sitemapLocs(again.body)).not.toContain(`${BASE}/members/${newcomer.id}`);
    // A freshly made one lists the newcomer (buildSitemap is what the route keeps).
    expect(sitemapLocs(await buildSitemap(t.db, BASE))).toContain(`${BASE}/members/${newcomer.id}`);

    const zipped = await t.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'br, gzip;q=0.8' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.headers.etag).not.toBe(first.headers.etag);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(first.body);
    const refused = await t.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(first.body);
    const stillZipped = await t.app.inject({
      url: '/sitemap.xml',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(zipped.headers.etag) },
    });
    expect(stillZipped.statusCode).toBe(304);
  });

  it('never lists more addresses than the bound, home and tags first', async () => {
    const locs = sitemapLocs(await buildSitemap(t.db, BASE, 4));
    expect(locs).toEqual([`${BASE}/`, `${BASE}/?search=c%2B%2B`, `${BASE}/?search=typescript`, `${BASE}/members/${poster.id}`]);
    expect(sitemapLocs(await buildSitemap(t.db, BASE, 1))).toEqual([`${BASE}/`]);
  });

  it('answers HEAD for every file, with the GET headers and no body', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml', '/manifest.webmanifest', '/favicon.ico', '/favicon.svg', '/icons/icon-192.png']) {
      const get = await t.app.inject({ url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers.etag, url).toBe(get.headers.etag);
      // Public, kept a while by caches (minutes for the sitemap, a day for the rest), revalidated by ETag.
      expect(get.headers['cache-control'], url).toMatch(/^public, max-age=(900|86400)$/);
      expect(head.body, url).toBe('');
    }
  });

  it('answers 304 without a body to a reader that holds the current version', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml', '/favicon.ico']) {
      const first = await t.app.inject({ url });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await t.app.inject({ url, headers: { 'if-none-match': `W/"other", ${etag}` } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect((await t.app.inject({ url, headers: { 'if-none-match': '"stale"' } })).statusCode, url).toBe(200);
    }
  });

  it('publishes a web app manifest that installs the forum: its name, colours, standalone display and icons', async () => {
    const res = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'Rust & <Friends>',
      start_url: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      const image = await t.app.inject({ url: icon.src });
      expect(image.statusCode, icon.src).toBe(200);
      expect(image.headers['content-type']).toBe(icon.type);
      const meta = await sharp(image.rawPayload).metadata();
      expect(`${meta.format} ${meta.width}x${meta.height}`).toBe(`png ${icon.sizes}`);
    }
    const apple = await t.app.inject({ url: '/apple-touch-icon.png' });
    expect(apple.headers['content-type']).toBe('image/png');
    expect((await sharp(apple.rawPayload).metadata()).width).toBe(180);
    expect((await t.app.inject({ url: '/icons/nothing.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/icons/apple-touch-icon.png' })).statusCode).toBe(404);
  });

  it('answers favicon.ico as a real ICO holding 16, 32 and 48 px images, and the SVG mark', async () => {
    const res = await t.app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    const ico = res.rawPayload;
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const entry = 6 + 16 * i;
      const [length, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      const meta = await sharp(ico.subarray(offset, offset + length)).metadata();
      expect(meta.width).toBe(ico.readUInt8(entry));
      sizes.push(meta.width ?? 0);
    }
    expect(sizes).toEqual([16, 32, 48]);

    const svg = await t.app.inject({ url: '/favicon.svg' });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(parseXml(svg.body).root?.name).toBe('svg');
  });
});
