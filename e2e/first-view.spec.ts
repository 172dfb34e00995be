// The first view (ADR 0015): home's HTML holds the first page of posts before any script runs
// (and a member's profile its own), and hydration leaves it as it was — same text, no request for what the page already holds,
// no console error or hydration warning — at 360 px and 1280 px. An unknown path is the app's
// "No Page Found" with a 404.
import { expect, test, type APIRequestContext, type Browser, type ConsoleMessage, type Page } from '@playwright/test';
import { apiAdmin, apiCreatePost, apiSignUp, ensureTags, ORIGIN, PASSWORD } from './helpers.ts';

const run = Date.now().toString(36);
const tag = `first${run}`;

async function seed(request: APIRequestContext) {
  const admin = await apiAdmin(request, 'Ada Admin');
  await ensureTags(request, admin, [tag]);
  const authors = [await apiSignUp(request, 'Grace <Hopper>'), await apiSignUp(request, 'Linus & Co')];
  for (let i = 0; i < 6; i += 1) {
    await apiCreatePost(request, authors[i % 2]!, { title: `First view ${i + 1} <b>&amp; "${run}"</b>`, category: tag });
  }
}

/** What the API answers for a list: the titles the page should show, in order. */
async function apiTitles(request: APIRequestContext, url: string): Promise<string[]> {
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { title: string }[]).map((post) => post.title);
}

/** Everything the console says, except the document's own 404 where one is expected. */
function listenToConsole(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') said.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => said.push(`pageerror: ${error.message}`));
  return said;
}

/** Home's list of posts (announcements, shown beside it, are articles in a list too). */
const postList = (page: Page) =>
  page.getByRole('region', { name: /^(Latest posts|Most popular posts|Search results\b)/ }).getByRole('list');

const postTitles = (page: Page) => postList(page).locator('article h3').allInnerTexts();

/**
 * The list's text without its times: a kept page reads "now" where a second later it reads
 * "3 seconds ago", which is the time moving on, not the page changing.
 */
const listText = (page: Page) =>
  postList(page).evaluate((list) => {
    const copy = list.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('time').forEach((time) => time.remove());
    return copy.textContent;
  });

/** The page as the HTML alone shows it: no script runs. */
async function withoutScripts(browser: Browser, width: number, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(path);
  const titles = await postTitles(page);
  const text = await listText(page);
  await context.close();
  return { titles, text };
}

test.beforeAll(async ({ request }) => {
  await seed(request);
});

test('home’s HTML holds the first page of posts, escaped, and the data it was rendered from', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const html = await res.text();
  const titles = await apiTitles(request, '/api/pagination?page=0&limit=5');
  for (const title of titles) {
    expect(html).toContain(title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
  }
  expect(html).toContain('<script type="application/json" id="first-view-data">');
  expect(html).not.toContain(`<b>&amp; "${run}"</b>`);
});

// Each address, and the API call whose answer it shows.
const LISTS = [
  { name: 'home', path: () => '/', api: () => '/api/pagination?page=0&limit=5', title: () => 'Code Commons' },
  { name: 'page 2', path: () => '/?page=2', api: () => '/api/pagination?page=1&limit=5', title: () => 'Code Commons' },
  {
    name: 'a tag search by popularity, 10 a page',
    path: () => `/?search=${tag}&sort=popularity&limit=10`,
    api: () => `/api/search-by-tag?search=${tag}&sort=popularity&page=0&limit=10`,
    title: () => `Posts tagged ${tag} · Code Commons`,
  },
];

for (const width of [360, 1280]) {
  for (const list of LISTS) {
    test(`hydrating ${list.name} at ${width} px keeps what the HTML showed`, async ({ browser, page, request }) => {
      const path = list.path();
      const apiUrl = list.api();
      const expected = await apiTitles(request, apiUrl);
      expect(expected.length).toBeGreaterThan(0);

      const before = await withoutScripts(browser, width, path);
      expect(before.titles).toEqual(expected);

      await page.setViewportSize({ width, height: 800 });
      const said = listenToConsole(page);
      const listRequests: string[] = [];
      page.on('request', (r) => {
        if (/\/api\/(pagination|post-data|search-by-tag|user-data|announcement-data|tag-data|config)/.test(r.url()))
          listRequests.push(r.url());
      });
      await page.goto(path);
      // Hydrated: the session is asked for once React runs, and the top bar then shows "Join Us".
      await expect(page.getByRole('link', { name: 'Join Us' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await postTitles(page)).toEqual(expected);
      expect(await listText(page)).toBe(before.text);
      expect(listRequests, 'the page already held these answers').toEqual([]);
      expect(said).toEqual([]);
      // The title the server sent is the one the app keeps.
      await expect(page).toHaveTitle(list.title());

      // Hydrated means working: the page changes in place.
      await page.getByRole('button', { name: 'Dark mode' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    });
  }
}

/** The text of the page's main content without its times (see listText). */
const mainText = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('time').forEach((time) => time.remove());
    return copy.textContent;
  });

for (const width of [360, 1280]) {
  test(`a member’s profile is in its HTML, and hydrating it at ${width} px keeps it, in any time zone`, async ({ browser, request }) => {
    const posts = (await (await request.get(`/api/search-by-tag?search=${tag}&page=0&limit=10`)).json()) as {
      authorId: string;
      title: string;
    }[];
    const grace = posts.find((post) => post.title.startsWith('First view 1 '));
    expect(grace).toBeDefined();
    const path = `/members/${grace!.authorId}`;
    const expected = posts.filter((post) => post.authorId === grace!.authorId).map((post) => post.title);

    const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
    const withoutScript = await bare.newPage();
    await withoutScript.goto(path);
    expect(await withoutScript.locator('main article h3').allInnerTexts()).toEqual(expected);
    await expect(withoutScript.getByRole('heading', { level: 1, name: 'Grace <Hopper>' })).toBeVisible();
    const before = await mainText(withoutScript);
    await bare.close();

    // A reader for whom the member joined on another day than in the server's UTC: 11 hours
    // behind it before 10:00 UTC, 14 hours ahead after.
    const timezoneId = new Date().getUTCHours() < 10 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    const context = await browser.newContext({ viewport: { width, height: 800 }, timezoneId });
    const page = await context.newPage();
    const said = listenToConsole(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(members|config|announcement-data)/.test(r.url())) asked.push(r.url());
    });
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Join Us' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await mainText(page)).toBe(before);
    expect(asked, 'the page already held these answers').toEqual([]);
    expect(said).toEqual([]);
    await expect(page).toHaveTitle('Grace <Hopper> · Code Commons');
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await context.close();
  });
}

test('without scripts, home’s pages and tags are links that lead to them, as a crawler follows them', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const pages = page.getByRole('navigation', { name: 'Posts pages' });

  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/?page=2');
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/\?page=2$/);
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('link', { name: 'Prev' }).click();
  await expect(page).toHaveURL(/\/$/);

  // A tag's chip is that tag's page, at the address the sitemap lists.
  const chips = page.getByRole('list', { name: 'Tags' });
  const chip = chips.getByRole('link').first();
  const chipTag = (await chip.innerText()).replace(/^#/, '');
  await expect(chip).toHaveAttribute('href', `/?${new URLSearchParams({ search: chipTag }).toString()}`);
  await chip.click();
  await expect(page.getByRole('heading', { name: `Search results for “${chipTag}”` })).toBeVisible();
  await expect(chips.getByRole('link', { name: `#${chipTag}` })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/?page=999');
  await expect(page.getByText('No posts on this page.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the first page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('main article').first()).toBeVisible();
  await context.close();
});

test('a tag search is named in the title when the app moves to it or away from it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Join Us' })).toBeVisible();
  await expect(page).toHaveTitle('Code Commons');
  await page.getByLabel('Search by tag').fill(tag);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?search=${tag}$`));
  await expect(page).toHaveTitle(`Posts tagged ${tag} · Code Commons`);
  await page.goBack();
  await expect(page).toHaveTitle('Code Commons');
});

test('an unknown path is the app’s "No Page Found" with a 404, and the page still works', async ({ page }) => {
  const said = listenToConsole(page);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'No Page Found' })).toBeVisible();
  await expect(page).toHaveTitle(/^No Page Found · /);
  await page.getByRole('link', { name: 'Back To Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('main article').first()).toBeVisible();
  // The only complaint is the browser's note of the 404 itself.
  expect(said.filter((line) => !/status of 404/.test(line))).toEqual([]);
});

test('a button pressed before the page is hydrated is pressed once it is', async ({ page }) => {
  const said = listenToConsole(page);
  // Before the app has even been fetched: the server's markup only.
  await page.goto('/', { waitUntil: 'commit' });
  await page.locator('main article').first().getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('dialog', { name: 'Share this post' })).toBeVisible();
  expect(said).toEqual([]);
});

test('a code block on home keeps its place when the page is hydrated', async ({ browser, page, request }) => {
  const admin = await apiAdmin(request, 'Ada Admin');
  const title = `Code on home ${run}`;
  const res = await request.post('/api/announcement-data', {
    headers: { ...admin.headers, origin: ORIGIN },
    data: { title, description: 'Run this:\n\n```ts\nconst answer = 42;\n```\n\nThen read on.' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const announcement = (p: Page) => p.getByRole('region', { name: 'Announcements' }).getByRole('article').filter({ hasText: title });
  /** Where the code and the text after it are, from the top of the announcement. */
  const layout = async (p: Page) => {
    const item = announcement(p);
    const top = (await item.boundingBox())?.y ?? 0;
    const at = async (target: ReturnType<Page['locator']>) => {
      const box = await target.boundingBox();
      return box && { y: box.y - top, height: box.height };
    };
    return { code: await at(item.locator('pre')), after: await at(item.getByText('Then read on.')) };
  };

  // The server's markup as it is painted before the app has run (its scripts never load).
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const before = await context.newPage();
  await before.route('**/assets/*.js', (route) => route.abort());
  await before.goto('/');
  await expect(announcement(before).getByText('ts', { exact: true })).toBeVisible();
  const painted = await layout(before);
  await context.close();
  expect(painted.code).not.toBeNull();

  await page.setViewportSize({ width: 1280, height: 800 });
  const said = listenToConsole(page);
  await page.goto('/');
  await expect(announcement(page).getByRole('button', { name: 'Copy' })).toBeVisible();
  expect(await layout(page)).toEqual(painted);
  expect(said).toEqual([]);
});

test('a title and text in Arabic or Hebrew read right to left on home, before and after hydration', async ({ browser, page, request }) => {
  const admin = await apiAdmin(request, 'Ada Admin');
  await ensureTags(request, admin, [tag]);
  const author = await apiSignUp(request, 'Layla');
  const title = `كيف أبدأ مع React؟ ${run}`;
  await apiCreatePost(request, author, { title, description: 'أنا جديد في React. من أين أبدأ؟', category: tag });
  const announcementTitle = `שלום ${run}`;
  const res = await request.post('/api/announcement-data', {
    headers: { ...admin.headers, origin: ORIGIN },
    data: { title: announcementTitle, description: 'First in English.\n\nשלום לכולם, ברוכים הבאים!' },
  });
  expect(res.status(), await res.text()).toBe(200);

  /** Each element's direction, and for a paragraph of the announcement whether its text ends at its right edge. */
  const directions = async (p: Page) => {
    const card = p.getByRole('article').filter({ has: p.getByRole('heading', { name: title }) });
    const direction = (target: ReturnType<Page['locator']>) => target.evaluate((el) => getComputedStyle(el).direction);
    const announcement = p.getByRole('region', { name: 'Announcements' }).getByRole('article').filter({ hasText: announcementTitle });
    const flush = (text: string) =>
      announcement.getByText(text).evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        return Math.abs(text.left - box.left) < 1 ? 'left' : Math.abs(text.right - box.right) < 1 ? 'right' : 'neither';
      });
    return {
      title: await direction(card.getByRole('heading', { name: title })),
      excerpt: await direction(card.getByText('أنا جديد في React')),
      announcementTitle: await direction(announcement.getByRole('heading', { name: announcementTitle })),
      english: await flush('First in English.'),
      hebrew: await flush('שלום לכולם, ברוכים הבאים!'),
    };
  };
  const expected = { title: 'rtl', excerpt: 'rtl', announcementTitle: 'rtl', english: 'left', hebrew: 'right' };

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
  const before = await context.newPage();
  await before.goto('/');
  expect(await directions(before)).toEqual(expected);
  await context.close();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Join Us' })).toBeVisible();
  expect(await directions(page)).toEqual(expected);
  // The rest of home stays left to right.
  expect(await page.getByRole('heading', { name: 'Latest posts' }).evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
});

for (const width of [360, 1280]) {
  test(`signed in at ${width} px, hydrating leaves the top bar’s controls where the HTML put them`, async ({ browser, page, request }) => {
    const member = await apiSignUp(request, 'Bar Keeper');
    const signIn = (ctx: APIRequestContext) =>
      ctx.post('/api/auth/sign-in/email', { headers: { origin: ORIGIN }, data: { email: member.email, password: PASSWORD } });
    /** Where the bell and the search sit in the bar, from its left. */
    const places = async (p: Page) => ({
      bell: (await p.getByRole('link', { name: 'Notifications' }).boundingBox())?.x,
      theme: (await p.getByRole('button', { name: 'Dark mode' }).boundingBox())?.x,
    });

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
    expect((await signIn(context.request)).status()).toBe(200);
    const before = await context.newPage();
    await before.goto('/');
    const painted = await places(before);
    await context.close();

    expect((await signIn(page.request)).status()).toBe(200);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
    expect(await places(page)).toEqual(painted);
  });
}

test('on a phone, /#announcements opened as a page shows the announcements as first painted, and once hydrated', async ({
  browser,
  page,
  request,
}) => {
  const admin = await apiAdmin(request, 'Ada Admin');
  const title = `Opened in a new tab ${run}`;
  const res = await request.post('/api/announcement-data', {
    headers: { ...admin.headers, origin: ORIGIN },
    data: { title, description: 'Shown on a phone too.' },
  });
  expect(res.status(), await res.text()).toBe(200);
  // As the server painted it (a browser without JavaScript, or one still loading it).
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
  const painted = await context.newPage();
  await painted.goto('/#announcements');
  const shown = painted.getByRole('region', { name: 'Announcements' });
  await expect(shown.getByRole('heading', { name: title })).toBeVisible();
  await expect(shown).toBeInViewport();
  await context.close();

  await page.setViewportSize({ width: 360, height: 800 });
  const said = listenToConsole(page);
  await page.goto('/#announcements');
  await expect(page.getByRole('link', { name: 'Join Us' })).toBeVisible();
  const announcements = page.getByRole('region', { name: 'Announcements' });
  await expect(announcements.getByRole('heading', { name: title })).toBeVisible();
  await expect(announcements).toBeInViewport();
  expect(said).toEqual([]);
});
