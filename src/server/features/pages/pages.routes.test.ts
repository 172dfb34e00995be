import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIRST_VIEW_DATA_ID, type FirstViewData, type FirstViewRenderer } from '#shared/first-view.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { htmlTemplate } from './html-document.ts';
import { pageResponder } from './first-view.ts';
import { createAdmin, createComment, createPost, createTags, makeGold } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

// The pages outside /api (plugins/spa.ts, ADR 0015), served from the app's own index.html and
// rendered by the browser app's own renderer, from its sources.
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const rendererModule = path.join(repo, 'src/web/ssr/first-view-renderer.tsx');

// As the build writes it (vite.config.ts): the theme script inline, the stylesheet under assets/.
const THEME_SCRIPT = "document.documentElement.dataset.theme = 'light';";
const STYLESHEET = 'body{margin:0}';
const builtIndexHtml = () =>
  readFileSync(path.join(repo, 'src/web/index.html'), 'utf8')
    .replace('<script src="/theme.js"></script>', `<script>${THEME_SCRIPT}</script>`)
    .replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/chunk-1.js">\n<link rel="stylesheet" crossorigin href="/assets/app-1234.css">\n  </head>',
    );

const HOSTILE = `</script><script>alert("x")</script> & <!-- 'quoted'`;

/** The JSON block as the browser reads it, and its raw text. */
function dataBlock(html: string): { raw: string; data: FirstViewData } {
  const match = new RegExp(`<script type="application/json" id="${FIRST_VIEW_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  if (!match?.[1]) throw new Error('no first-view data block');
  return { raw: match[1], data: JSON.parse(match[1]) as FirstViewData };
}

const rootOf = (html: string): string => /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
const metaContent = (html: string, attr: string, name: string): string | undefined =>
  new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1];

describe('pages: the server-rendered first view, statuses and heads', () => {
  let t: TestApp;
  let webRoot: string;
  let alice: TestMember;
  let hostilePostId: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'cc-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), builtIndexHtml());
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'assets/app-1234.css'), STYLESHEET);
    t = await buildTestApp({}, { webRoot, rendererModule });
    await createTags(t, 'typescript', 'rust');
    alice = await signUp(t.app, { name: 'Alice <Admin> & "Co"' });
    await makeGold(t.db, alice.id);
    for (let i = 1; i <= 6; i += 1) await createPost(t.app, alice, { title: `Plain post ${i}` });
    hostilePostId = await createPost(t.app, alice, {
      title: HOSTILE,
      description: `An excerpt with ${HOSTILE} inside`,
      category: 'rust',
    });
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('renders home with the first page of posts, escaped, and the answers it was rendered from', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    const root = rootOf(html);
    // The first page (5 posts, newest first), the top bar, the search block, the side columns.
    expect(root).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;!-- &#x27;quoted&#x27;');
    for (const n of [6, 5, 4, 3]) expect(root).toContain(`>Plain post ${n}</a>`);
    expect(root).not.toContain('Plain post 2<');
    expect(root).toContain('aria-label="Main"');
    expect(root).toContain('Search by tag');
    expect(root).toContain('Top Contributors This Week');
    expect(root).toContain('Announcements');
    expect(root).toContain('typescript</a>');
    expect(root).not.toContain('<script');

    const { raw, data } = dataBlock(html);
    const list = data.queries.find((q) => JSON.stringify(q.key) === JSON.stringify(['posts', 'list', 'newest', { page: 0, limit: 5 }]));
    expect(list?.data).toMatchObject({ total: 7 });
    expect((list?.data as { items: { title: string }[] }).items.map((p) => p.title)).toEqual([
      HOSTILE,
      'Plain post 6',
      'Plain post 5',
      'Plain post 4',
      'Plain post 3',
    ]);
    // It is the API's own answer, field for field.
    const api = await get('/api/pagination?page=0&limit=5');
    expect((list?.data as { items: unknown }).items).toEqual(api.json());
    expect(data.queries.map((q) => q.key[0])).toEqual(expect.arrayContaining(['config', 'announcements', 'leaderboard', 'tags']));
    expect(data.renderedAt).toBeGreaterThan(0);
    // Nothing in the data can end its script element or open a comment.
    expect(raw).not.toContain('<');
    // The theme script, the app's entry, the data and the list of the app's chunks.
    expect(html.match(/<script/g)).toHaveLength(4);
  });

  it('renders the list the address asks for: sort, page, size and tag search', async () => {
    const popular = rootOf((await get('/?sort=popularity&page=2&limit=5')).body);
    expect(popular).toContain('Most popular posts');
    const search = await get('/?search=rust');
    const root = rootOf(search.body);
    expect(root).toContain('Search results');
    expect(root).toContain('&lt;/script&gt;');
    expect(root).not.toContain('Plain post 1<');
    // A search the API refuses (longer than any tag) is an empty result, not an error.
    const refused = await get(`/?search=${'x'.repeat(80)}`);
    expect(refused.statusCode).toBe(200);
    expect(rootOf(refused.body)).toContain('No results found');
  });

  it('keeps home between writes and drops it on a new post, a new tag, a new announcement or an edited one', async () => {
    const first = (await get('/')).body;
    expect(first).not.toContain('A brand new post');
    await createPost(t.app, alice, { title: 'A brand new post' });
    expect(rootOf((await get('/')).body)).toContain('A brand new post');

    await createTags(t, 'zig');
    expect(rootOf((await get('/')).body)).toContain('zig</a>');

    const admin = await createAdmin(t, 'Ada');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/announcement-data',
      headers: admin.headers,
      payload: { title: 'Maintenance tonight', description: 'Back soon.' },
    });
    expect(res.statusCode).toBe(200);
    expect(rootOf((await get('/')).body)).toContain('Maintenance tonight');

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/announcement-data/${res.json().insertedId}`,
      headers: admin.headers,
      payload: { title: 'Maintenance moved to Sunday' },
    });
    expect(edit.json()).toEqual({ modifiedCount: 1 });
    expect(rootOf((await get('/')).body)).toContain('Maintenance moved to Sunday');
  });

  it('keeps home’s pages and its tags’, but not a tag written otherwise, a text that names no tag or a page past the last', async () => {
    const renderedAt = async (url: string) => dataBlock((await get(url)).body).data.renderedAt;
    const addresses = ['/?search=rust', '/?sort=popularity', '/?search=Rust', '/?search=rus', '/?search=nothing-like-it', '/?page=99'];
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const first = await Promise.all(addresses.map(renderedAt));
    vi.setSystemTime(Date.now() + 1_000);
    const second = await Promise.all(addresses.map(renderedAt));
    // On PostgreSQL without Redis nothing is kept (plugins/read-cache.ts): several instances may run.
    const kept = t.app.readCache ? 'kept' : 'rendered again';
    expect(addresses.map((a, i) => [a, second[i] === first[i] ? 'kept' : 'rendered again'])).toEqual([
      ['/?search=rust', kept],
      ['/?sort=popularity', kept],
      ['/?search=Rust', 'rendered again'],
      ['/?search=rus', 'rendered again'],
      ['/?search=nothing-like-it', 'rendered again'],
      ['/?page=99', 'rendered again'],
    ]);
  });

  it('drops home on a vote or a comment on a post it shows', async () => {
    const shown = (html: string) => {
      const lists = dataBlock(html).data.queries.map(
        (q) => q.data as { items?: Array<{ _id: string; upVote: number; commentCount: number }> },
      );
      const post = lists.flatMap((d) => d.items ?? []).find((item) => item._id === hostilePostId);
      if (!post) throw new Error('the post is not on home');
      return post;
    };
    expect(shown((await get('/')).body)).toMatchObject({ upVote: 0, commentCount: 0 });
    const bob = await signUp(t.app, { name: 'Bob' });
    const vote = await t.app.inject({ method: 'PATCH', url: `/api/post-data/upVote/${hostilePostId}`, headers: bob.headers });
    expect(vote.statusCode).toBe(200);
    expect(shown((await get('/')).body)).toMatchObject({ upVote: 1, commentCount: 0 });
    await createComment(t.app, bob, hostilePostId, 'Nice one.');
    expect(shown((await get('/')).body)).toMatchObject({ upVote: 1, commentCount: 1 });
  });

  it('shows the leaderboard of the day it is sent, not of the day it was kept', async () => {
    const DAY = 86_400_000;
    const leaderboard = (html: string) => dataBlock(html).data.queries.find((q) => q.key[0] === 'leaderboard')?.data;
    // Eight days ago a member earned their points; two days ago those were still in the week.
    const old = await signUp(t.app, { name: 'Eight Days Ago' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 8 * DAY });
    await createPost(t.app, old, { title: 'An old post', category: 'typescript' });
    vi.setSystemTime(Date.now() + 6 * DAY);
    const then = leaderboard((await get('/?limit=10')).body) as Array<{ _id: string }>;
    expect(then.map((row) => row._id)).toContain(old.id);
    vi.useRealTimers();
    // Today they have left the week, with nothing written since.
    const now = (await get('/api/user-data')).json() as Array<{ _id: string }>;
    expect(now.map((row) => row._id)).not.toContain(old.id);
    expect(leaderboard((await get('/?limit=10')).body)).toEqual(now);
  });

  it('answers an unknown path with 404 and the app’s "No Page Found" page', async () => {
    for (const url of ['/no/such/page', '/dashboard/nothing-here', '/auth', '/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(rootOf(res.body)).toContain('No Page Found</h1>');
      expect(res.body).toContain('<title>No Page Found · Code Commons</title>');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
    }
    // Known pages are pages; /api stays JSON.
    expect((await get('/auth/sign-in')).statusCode).toBe(200);
    expect((await get('/dashboard/my-profile')).statusCode).toBe(200);
    for (const url of ['/api/no-such-thing', '/api', '/api?page=0', '/api/?x=1']) {
      const api = await get(url);
      expect(api.statusCode, url).toBe(404);
      expect(api.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('answers 404 for a page past the last of a list, with the list’s own "No posts on this page." leading back', async () => {
    for (const url of ['/?page=99', '/?search=rust&page=2', '/?sort=popularity&page=8&limit=20']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(rootOf(res.body), url).toContain('No posts on this page.');
      expect(rootOf(res.body), url).toContain('Back to the first page');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
    // A list that has no posts at all is a page that is there, with nothing in it yet.
    await createTags(t, 'empty-tag');
    for (const url of ['/?search=empty-tag', '/?search=nothing-like-it', '/?search=nothing-like-it&page=3', '/?page=2']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('names a form or a signed-in page as the app does, and asks that it not be indexed', async () => {
    const pages: Array<[string, string]> = [
      ['/auth/sign-in', 'Sign In'],
      ['/auth/reset-password?token=abc', 'Choose a new password'],
      ['/membership', 'Membership'],
      ['/notifications/', 'Notifications'],
      ['/dashboard/manage-users', 'Manage Users'],
      ['/dashboard/make-announcement', 'Make Announcement'],
      [`/dashboard/my-post/comment-details/${hostilePostId}`, 'Comment Details'],
    ];
    for (const [url, title] of pages) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<title>${title} · Code Commons</title>`);
      expect(metaContent(res.body, 'property', 'og:title'), url).toBe(`${title} · Code Commons`);
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
    // /dashboard opens the member's own page: it has no title of its own.
    expect((await get('/dashboard')).body).toContain('<title>Code Commons</title>');
  });

  it('keeps home as home renders it, whatever address the request that rendered it wrote', async () => {
    // `//x/` is a path the app does not know (the browser reads it so), not home on another host.
    const odd = await get('//x/?limit=20');
    expect(odd.statusCode).toBe(404);
    expect(rootOf(odd.body)).toContain('No Page Found</h1>');
    const home = await get('/?limit=20');
    expect(home.statusCode).toBe(200);
    expect(rootOf(home.body)).toContain('Latest posts');
    expect(rootOf(home.body)).not.toContain('No Page Found');

    // A dot segment written escaped (`%2e%2e`, which no browser sends and inject resolves before
    // the server sees it) is home's address: the page rendered for it is home's.
    const { firstViewRenderer } = (await import(rendererModule)) as { firstViewRenderer: FirstViewRenderer };
    await firstViewRenderer.warmUp();
    const answer = pageResponder(t.app, htmlTemplate(builtIndexHtml()), firstViewRenderer);
    for (const [url, kept] of [
      ['/post-details/%2e%2e?limit=20&sort=popularity', '/?sort=popularity&limit=20'],
      ['/members/%2E%2E/?page=2&limit=5', '/?page=2'],
    ] as const) {
      const written = await answer(url);
      expect(written.status, url).toBe(200);
      expect(rootOf(written.html), url).toContain('<h1 id="home-title"');
      expect(rootOf((await get(kept)).body), kept).toContain('<h1 id="home-title"');
    }
  });

  it('answers 404 for the page of an unknown or malformed post or member', async () => {
    for (const url of ['/post-details/0190f5a6-0000-7000-8000-000000000000', '/post-details/not-an-id', '/members/not-an-id']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<title>No Page Found · Code Commons</title>');
    }
  });

  it('answers 404, not to be indexed, for the page of a banned member, whom the sitemap leaves out too', async () => {
    const admin = await createAdmin(t, 'Moderator');
    const mallory = await signUp(t.app, { name: 'Mallory' });
    expect((await get(`/members/${mallory.id}`)).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${mallory.email}`, headers: admin.headers });
    const res = await get(`/members/${mallory.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>No Page Found · Code Commons</title>');
    expect(res.body).not.toContain('Mallory');
    expect(metaContent(res.body, 'name', 'robots')).toBe('noindex');
  });

  it('gives a post page the post’s title and excerpt, escaped, in its title, description, Open Graph and Twitter tags', async () => {
    const res = await get(`/post-details/${hostilePostId}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const title = '&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;!-- &#39;quoted&#39; · Code Commons';
    expect(html).toContain(`<title>${title}</title>`);
    expect(metaContent(html, 'property', 'og:title')).toBe(title);
    expect(metaContent(html, 'name', 'twitter:title')).toBe(title);
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'property', 'og:site_name')).toBe('Code Commons');
    expect(metaContent(html, 'property', 'og:url')).toBe(`http://localhost:3000/post-details/${hostilePostId}`);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary');
    // Open Graph requires an image: the forum's mark, by its absolute address, and served.
    const image = metaContent(html, 'property', 'og:image');
    expect(image).toBe('http://localhost:3000/icons/maskable-512.png');
    expect(metaContent(html, 'name', 'twitter:image')).toBe(image);
    expect(metaContent(html, 'property', 'og:image:width')).toBe('512');
    expect(metaContent(html, 'property', 'og:image:height')).toBe('512');
    expect(metaContent(html, 'property', 'og:image:alt')).toBe('Code Commons');
    const served = await get(new URL(image ?? '').pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const description = metaContent(html, 'name', 'description');
    expect(description).toContain('An excerpt with &lt;/script&gt;');
    expect(metaContent(html, 'property', 'og:description')).toBe(description);
    expect(html).not.toContain('<script>alert');
    // One title, one description.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('renders a member profile with the page of posts its address names, and the answers it was rendered from', async () => {
    // The titles of a page of Alice's posts as the API answers it (other tests add to them), as HTML writes them.
    const titlesOf = async (page: number, limit: number) =>
      ((await get(`/api/members/${alice.id}/posts?page=${page}&limit=${limit}`)).json() as { title: string }[]).map(
        ({ title }) =>
          `>${title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')}</a>`,
      );
    const [first, second, ten] = [await titlesOf(0, 5), await titlesOf(1, 5), await titlesOf(0, 10)];
    expect(first).toHaveLength(5);
    expect(second.length).toBeGreaterThan(0);

    const res = await get(`/members/${alice.id}`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    // The profile (escaped name, Gold, counts) and their newest five posts, before any script runs.
    expect(root).toContain('Alice &lt;Admin&gt; &amp; &quot;Co&quot;</h1>');
    expect(root).toContain('Gold');
    expect(root).toContain('Posts by <!-- -->Alice &lt;Admin&gt; &amp; &quot;Co&quot;</h2>');
    for (const title of first) expect(root).toContain(title);
    for (const title of second) expect(root).not.toContain(title);
    expect(root).not.toContain('Loading');
    expect(root).not.toContain('@');
    const { data } = dataBlock(res.body);
    const posts = data.queries.find(
      (q) => JSON.stringify(q.key) === JSON.stringify(['posts', 'list', 'author', alice.id, { page: 0, limit: 5 }]),
    );
    expect((posts?.data as { items: unknown }).items).toEqual((await get(`/api/members/${alice.id}/posts?page=0&limit=5`)).json());
    const profile = data.queries.find((q) => JSON.stringify(q.key) === JSON.stringify(['users', 'member', alice.id]));
    expect(profile?.data).toEqual((await get(`/api/members/${alice.id}`)).json());

    // The profile the head is named from is the one the page shows: read once, not twice.
    const inject = vi.spyOn(t.app, 'inject');
    try {
      expect((await get(`/members/${alice.id}`)).statusCode).toBe(200);
      const profileReads = inject.mock.calls.filter((call) => JSON.stringify(call).includes(`"/api/members/${alice.id}"`));
      expect(profileReads).toHaveLength(1);
    } finally {
      inject.mockRestore();
    }

    // Page 2 is its own page, under its own address; what else the address carries is not.
    const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    const page2 = await get(`/members/${alice.id}?page=2&ref=feed`);
    expect(page2.statusCode).toBe(200);
    for (const title of second) expect(rootOf(page2.body)).toContain(title);
    for (const title of first) expect(rootOf(page2.body)).not.toContain(title);
    expect(canonical(page2.body)).toBe(`http://localhost:3000/members/${alice.id}?page=2`);
    const byTen = await get(`/members/${alice.id}?limit=10&page=1`);
    expect(canonical(byTen.body)).toBe(`http://localhost:3000/members/${alice.id}?limit=10`);
    for (const title of ten) expect(rootOf(byTen.body)).toContain(title);

    // A page past the last: a 404 that still shows the way back to the first.
    const past = await get(`/members/${alice.id}?page=99`);
    expect(past.statusCode).toBe(404);
    expect(rootOf(past.body)).toContain('No posts on this page.');
    expect(metaContent(past.body, 'name', 'robots')).toBe('noindex');

    // A member with no posts has a profile all the same.
    const newcomer = await signUp(t.app, { name: 'Newcomer' });
    const fresh = await get(`/members/${newcomer.id}`);
    expect(fresh.statusCode).toBe(200);
    expect(rootOf(fresh.body)).toContain('No posts yet.');
    expect(metaContent(fresh.body, 'name', 'robots')).toBeUndefined();
  });

  it('names the member on a profile and the search on the search page', async () => {
    const member = await get(`/members/${alice.id}`);
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain('<title>Alice &lt;Admin&gt; &amp; &quot;Co&quot; · Code Commons</title>');
    expect(metaContent(member.body, 'property', 'og:type')).toBe('profile');

    // One canonical address per page, however it was written.
    const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(canonical((await get(`/members/${alice.id}/`)).body)).toBe(`http://localhost:3000/members/${alice.id}`);
    expect(canonical((await get(`/post-details/${hostilePostId}/`)).body)).toBe(`http://localhost:3000/post-details/${hostilePostId}`);
    const ogUrl = (html: string) => metaContent(html, 'property', 'og:url');
    expect(ogUrl((await get('/Membership/')).body)).toBe('http://localhost:3000/membership');

    // A tag's page is named for its tag.
    const tagPage = (await get('/?search=rust')).body;
    expect(tagPage).toContain('<title>Posts tagged rust · Code Commons</title>');
    expect(canonical(tagPage)).toBe('http://localhost:3000/?search=rust');
    expect(tagPage).not.toContain('noindex');
    // A page of nothing (a tag without posts, a page past the last) asks not to be indexed.
    for (const empty of ['/?search=cobol', '/?page=99']) {
      const body = (await get(empty)).body;
      expect(body, empty).toContain('<meta name="robots" content="noindex" />');
      expect(canonical(body), empty).toBeUndefined();
    }

    const search = await get(`/search?q=${encodeURIComponent('<b>"rust"')}`);
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain('<title>Search: &lt;b&gt;&quot;rust&quot; · Code Commons</title>');
  });

  it('indexes a tag search as its tag’s one page only: another spelling names it canonical, a search for no tag is not indexed', async () => {
    const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    for (const [url, tagPage] of [
      ['/?search=RUST', 'http://localhost:3000/?search=rust'],
      ['/?search=Rust&sort=popularity', 'http://localhost:3000/?search=rust&amp;sort=popularity'],
      // As the chips show it: the # is the chip's, not the tag's.
      ['/?search=%23rust', 'http://localhost:3000/?search=rust'],
    ] as const) {
      const body = (await get(url)).body;
      expect(canonical(body), url).toBe(tagPage);
      expect(metaContent(body, 'property', 'og:url'), url).toBe(tagPage);
      expect(body, url).not.toContain('noindex');
    }
    // Part of a tag's name finds that tag's posts, but it is a search, not a page of its own.
    const part = (await get('/?search=us')).body;
    expect(rootOf(part)).toContain('&lt;/script&gt;');
    expect(part).toContain('<meta name="robots" content="noindex" />');
    expect(canonical(part)).toBeUndefined();
  });

  it('serves the page a mail’s unsubscribe link opens, named, never indexed, with no token in its head', async () => {
    const res = await get('/unsubscribe?token=comment.some-member.c2lnbmF0dXJl');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Unsubscribe · Code Commons</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(metaContent(res.body, 'property', 'og:url')).toBe('http://localhost:3000/unsubscribe');
    expect(res.body).not.toContain('c2lnbmF0dXJl');
  });

  it('gives home the site’s name and description, and compresses what it sends', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    const html = (await get('/')).body;
    expect(html).toContain('<title>Code Commons</title>');
    expect(metaContent(html, 'name', 'description')).toMatch(/community forum/);
    expect(metaContent(html, 'property', 'og:url')).toBe('http://localhost:3000/');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/" />');
  });

  it('answers a page asked for again with its validator by 304 until it changes', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    // The same validator whatever the encoding.
    expect((await get('/')).headers.etag).toBe(etag);
    const again = await get('/', { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A new post changes home, and its validator.
    await createPost(t.app, alice, { title: 'A post that changes home' });
    const changed = await get('/', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('A post that changes home');
    // An unknown page is never a 304.
    const missing = await get('/no/such/page');
    expect((await get('/no/such/page', { 'if-none-match': missing.headers.etag as string })).statusCode).toBe(404);
  });

  it('sends a page in no encoding the request refuses (q=0), and answers its validator however it is written', async () => {
    const encoding = async (acceptEncoding: string) => (await get('/', { 'accept-encoding': acceptEncoding })).headers['content-encoding'];
    expect(await encoding('br;q=0, gzip')).toBe('gzip');
    expect(await encoding('gzip;q=0')).toBeUndefined();
    expect(await encoding('br;q=0.0, gzip;q=0')).toBeUndefined();
    expect(await encoding('gzip;q=0.5, br;q=1')).toBe('br');
    expect(await encoding('identity')).toBeUndefined();

    // If-None-Match compares weakly: a cache that dropped the W/ (or sends `*`) still gets 304.
    const etag = (await get('/')).headers.etag as string;
    for (const tag of [etag.replace(/^W\//, ''), `"other", ${etag}`, '*']) {
      expect((await get('/', { 'if-none-match': tag })).statusCode, tag).toBe(304);
    }
    expect((await get('/', { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
  });

  it('allows the inline theme script by its hash, never any inline script, and inlines the stylesheet of a rendered page', async () => {
    const res = await get('/');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(res.body).toContain(`<script>${THEME_SCRIPT}</script>`);
    // Home's first paint waits for its HTML alone; a page the browser renders links the file.
    expect(res.body).toContain(`<style>${STYLESHEET}</style>`);
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/app-1234.css" disabled>');
    expect(res.body).not.toContain('<link rel="stylesheet" crossorigin href="/assets/app-1234.css">');
    // Its chunks are named for the browser to fetch after the first paint, not preloaded before it.
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).toContain('<script type="application/json" id="first-view-chunks">["/assets/chunk-1.js"]</script>');
    const shell = await get('/auth/sign-in');
    expect(shell.body).toContain('<link rel="modulepreload" crossorigin href="/assets/chunk-1.js">');
    expect(shell.body).toContain('<link rel="stylesheet" crossorigin href="/assets/app-1234.css">');
    expect(shell.body).not.toContain('<style>');
  });
});
