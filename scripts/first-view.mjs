// The weight of the home page's first view, as a browser loads it from a running server.
//
// Loads / in Chromium (playwright-core with the system's Chromium; nothing is downloaded),
// waits until the post list has rendered and the network is quiet, and lists every script
// and style sheet the page fetched: what went over the wire (Chromium asks for brotli) and
// what the same file weighs gzip-compressed, fetched again with `Accept-Encoding: gzip`, as
// DESIGN.md's budget counts it; and each file's Cache-Control.
//
//   node scripts/first-view.mjs http://127.0.0.1:3000     (a running production build)
//
// npm run bench calls measureFirstView() on the server it starts.
import { existsSync } from 'node:fs';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// DESIGN.md: first view of home ≤ 120 KB gzip JavaScript and ≤ 25 KB gzip CSS.
export const FIRST_VIEW_BUDGET = { jsGzipBytes: 120_000, cssGzipBytes: 25_000 };
const YEAR_SECONDS = 365 * 24 * 3600;

/** Bytes of the body as sent for `Accept-Encoding: gzip`, and the encoding the server chose. */
function gzipSize(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Long-lived and immutable: a hashed file never changes under its name. */
const longCached = (cacheControl) => {
  const maxAge = Number(/max-age=(\d+)/.exec(cacheControl ?? '')?.[1] ?? 0);
  return maxAge >= YEAR_SECONDS && /immutable/.test(cacheControl ?? '');
};

/**
 * The first view of a page: home by default; `path` another one, `signIn` a member's email and
 * password to sign in with first (the post page is for members), `ready` a selector that shows
 * the page has rendered its data.
 */
export async function measureFirstView(base, { path = '/', signIn = null, ready = 'article' } = {}) {
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM} (apt-get install -y chromium)` };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    if (signIn) {
      const res = await context.request.post(`${base}/api/auth/sign-in/email`, { data: signIn, headers: { origin: base } });
      if (!res.ok()) throw new Error(`sign-in for the first view failed: ${res.status()}`);
    }
    const responses = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type === 'script' || type === 'stylesheet') responses.push(res);
    });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    // The first view is the rendered page, not the bare shell.
    await page.waitForSelector(ready, { timeout: 15_000 });
    await page.waitForLoadState('networkidle');

    const files = [];
    for (const res of responses) {
      const sizes = await res.request().sizes();
      const headers = await res.allHeaders();
      const gzip = await gzipSize(res.url());
      files.push({
        path: new URL(res.url()).pathname,
        type: res.request().resourceType() === 'script' ? 'js' : 'css',
        transferredBytes: sizes.responseBodySize,
        transferredEncoding: headers['content-encoding'] ?? 'identity',
        gzipBytes: gzip.bytes,
        gzipEncoding: gzip.encoding,
        cacheControl: headers['cache-control'] ?? null,
      });
    }
    const sum = (type, key) => files.filter((f) => f.type === type).reduce((n, f) => n + f[key], 0);
    return {
      files,
      jsGzipBytes: sum('js', 'gzipBytes'),
      cssGzipBytes: sum('css', 'gzipBytes'),
      jsTransferredBytes: sum('js', 'transferredBytes'),
      cssTransferredBytes: sum('css', 'transferredBytes'),
      // Files under 512 bytes are sent as they are (scripts/compress-assets.mjs): nothing to gain.
      allCompressed: files.every((f) => f.gzipBytes < 512 || (f.gzipEncoding === 'gzip' && f.transferredEncoding !== 'identity')),
      allLongCached: files.every((f) => longCached(f.cacheControl)),
    };
  } finally {
    await browser.close();
  }
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

export function printFirstView(view) {
  if (view.skipped) {
    console.log(`\nFirst view of home: not measured — ${view.skipped}`);
    return;
  }
  console.log('\nFirst view of home (Chromium, production build)');
  for (const f of view.files) {
    console.log(
      `  ${f.type.padEnd(3)} ${f.path.padEnd(48)} ${kb(f.gzipBytes).padStart(9)} gzip  ${kb(f.transferredBytes).padStart(9)} sent (${f.transferredEncoding})  ${f.cacheControl ?? 'no Cache-Control'}`,
    );
  }
  console.log(
    `  JavaScript ${kb(view.jsGzipBytes)} gzip (${kb(view.jsTransferredBytes)} sent), CSS ${kb(view.cssGzipBytes)} gzip (${kb(view.cssTransferredBytes)} sent)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = process.argv[2];
  if (!base) {
    console.error('Usage: node scripts/first-view.mjs http://127.0.0.1:3000');
    process.exit(2);
  }
  const view = await measureFirstView(base.replace(/\/$/, ''));
  printFirstView(view);
  if (!view.skipped) {
    const ok = view.jsGzipBytes <= FIRST_VIEW_BUDGET.jsGzipBytes && view.cssGzipBytes <= FIRST_VIEW_BUDGET.cssGzipBytes;
    console.log(ok ? 'Within the budget of DESIGN.md.' : 'Over the budget of DESIGN.md.');
  }
}
