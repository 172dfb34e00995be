import { expect, test } from '@playwright/test';

// The files a site is expected to have, from the built server (with the web app's own files
// beside them), and the API docs page in a real browser under the real security headers.

test('robots.txt, the sitemap, the feed, the manifest and the icons are real files, not the app’s page', async ({ request, baseURL }) => {
  const files: Array<[string, RegExp]> = [
    ['/robots.txt', /^text\/plain/],
    ['/sitemap.xml', /^application\/xml/],
    ['/feed.xml', /^application\/atom\+xml/],
    ['/manifest.webmanifest', /^application\/manifest\+json/],
    ['/favicon.ico', /^image\/x-icon/],
    ['/favicon.svg', /^image\/svg\+xml/],
    ['/apple-touch-icon.png', /^image\/png/],
    ['/icons/maskable-512.png', /^image\/png/],
  ];
  for (const [path, type] of files) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-type'], path).toMatch(type);
  }
  expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('the page head links the icons, the manifest and the feed, and the browser reads them', async ({ page }) => {
  await page.goto('/');
  const hrefs = await page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('link[rel="icon"], link[rel="apple-touch-icon"], link[rel="manifest"], link[rel="alternate"]')].map(
        (l) => [`${l.getAttribute('rel')} ${l.getAttribute('type') ?? ''}`.trim(), l.getAttribute('href')],
      ),
    ),
  );
  expect(hrefs).toMatchObject({
    icon: '/favicon.ico',
    'icon image/svg+xml': '/favicon.svg',
    'apple-touch-icon': '/apple-touch-icon.png',
    manifest: '/manifest.webmanifest',
    'alternate application/atom+xml': '/feed.xml',
  });
  // The manifest passes the page's Content-Security-Policy and its icons load.
  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
  expect(manifest.display).toBe('standalone');
  for (const icon of manifest.icons as Array<{ src: string }>) {
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, icon.src);
    expect(size).toMatch(/^(192x192|512x512)$/);
  }
});

test('the API docs page shows every call from the server’s own files, with no security-policy refusal', async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Code Commons API/ })).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(await page.locator('.opblock').count()).toBeGreaterThan(50);
  await expect(page.getByText('/api/auth/sign-in/email', { exact: true })).toBeVisible();
  // Only the forum's own document: no box to load another one; the mark leads home.
  await expect(page.getByRole('button', { name: 'Explore' })).toBeHidden();
  expect(problems).toEqual([]);
  await page.getByRole('link', { name: 'Code Commons home' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  expect(problems).toEqual([]);
  expect(foreign).toEqual([]);
});
