import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from './axe.ts';
import { apiAdmin, apiCreatePost, apiSignUp, ensureTags, ORIGIN, signInBrowserAs, type ApiMember } from './helpers.ts';

// Full-text search (API.md "Search", DESIGN.md "UI contract"): the top bar's "Search posts"
// field ("/" focuses it) leads to /search?q=…, whose hits mark the words found; a comment hit
// opens the post page on that comment, highlighted, in view and focused.

const SHOTS = 'test-results/search';
const run = Date.now().toString(36);
/** A word no other test writes, in the comment only. */
const commentWord = `quokkas${run}`;

let admin: ApiMember;

test.beforeAll(async ({ request }) => {
  admin = await apiAdmin(request);
  await ensureTags(request, admin, ['react']);
});

async function expectNoSeriousViolations(page: Page, where: string) {
  const violations = await new AxeBuilder(page).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect.soft(serious, `${where}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

test('a member finds code in a post and a word in a comment from the top bar, and lands on the comment', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const author = await apiSignUp(request, 'Hook Hannah');
  const commenter = await apiSignUp(request, 'Comment Carlos');
  const title = `Effects that clean up ${run}`;
  const postId = await apiCreatePost(request, author, {
    title,
    category: 'react',
    description: `Subscribe inside \`useEffect\` and return the cleanup:\n\n\`\`\`ts\nuseEffect(() => subscribe(), []);\n\`\`\``,
  });
  const commented = await request.post('/api/comment-data', {
    headers: { ...commenter.headers, origin: ORIGIN },
    data: { postId, comment: `This saved my ${commentWord} project, thank you.` },
  });
  expect(commented.status(), await commented.text()).toBe(200);

  // The code identifier, from the top bar of any page.
  await signInBrowserAs(page, commenter);
  await page.goto('/membership');
  const field = page.getByRole('searchbox', { name: 'Search posts' });
  await field.fill('useEffect');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=useEffect$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  const postHit = page.getByRole('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(postHit).toBeVisible();
  await expect(postHit.locator('mark').first()).toHaveText(/^useEffect$/i);
  await expect(postHit).toContainText('#react');
  await expect(postHit).toContainText('Hook Hannah');
  await expect(postHit.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/post-details/${postId}`);

  // "/" outside a text field focuses the top bar's field again.
  await page.getByRole('heading', { level: 1, name: 'Search' }).click();
  await page.keyboard.press('/');
  await expect(field).toBeFocused();
  await field.fill(commentWord);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${commentWord}$`));
  await expect(page.getByRole('searchbox', { name: 'Search terms' })).toHaveValue(commentWord);
  const commentLink = page.getByRole('link', { name: `Comment on ${title}` });
  await expect(commentLink).toBeVisible();
  const commentHit = page.getByRole('article').filter({ has: commentLink });
  await expect(commentHit.locator('mark')).toHaveText(commentWord);
  await expect(commentHit).toContainText('Comment Carlos');
  const href = await commentLink.getAttribute('href');
  expect(href).toMatch(new RegExp(`^/post-details/${postId}#comment-.+`));
  const commentId = decodeURIComponent(href!.split('#comment-')[1]!);

  // Nothing found says so, with the words.
  await page.getByRole('searchbox', { name: 'Search terms' }).fill(`nothing${run}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(`No posts match "nothing${run}".`)).toBeVisible();
  await page.goBack();
  await expect(commentLink).toBeVisible();

  // The search page in both themes and at both widths; on a phone the field opens from its button.
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(commentLink).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/results-${theme}-${width}.png`, fullPage: true });
      await expectNoSeriousViolations(page, `search results in ${theme} at ${width} px`);
    }
    const opener = page.getByRole('button', { name: 'Open search' });
    await opener.click();
    await expect(field).toBeVisible();
    await expect(field).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/top-bar-open-${theme}-360.png` });
    await expectNoSeriousViolations(page, `open search field in ${theme} at 360 px`);
    await page.keyboard.press('Escape');
    await expect(field).toBeHidden();
    await expect(opener).toBeFocused();
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();

  // The comment hit opens the post on the comment: highlighted, in view and focused.
  await commentLink.click();
  await expect(page).toHaveURL(new RegExp(`/post-details/${postId}#comment-`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const comment = page.locator(`[id="comment-${commentId}"]`);
  await expect(comment).toContainText(commentWord);
  await expect(comment).toHaveAttribute('data-highlighted', 'true');
  await expect(comment).toBeFocused();
  await expect(comment).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/post-comment-highlighted-light-1280.png` });
  await expectNoSeriousViolations(page, 'post page on a comment');
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.setViewportSize({ width: 360, height: 780 });
  await comment.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/post-comment-highlighted-dark-360.png` });
  await expectNoSeriousViolations(page, 'post page on a comment, dark, 360 px');
});

test('the search page asks for words before searching', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/search') calls.push(req.url());
  });
  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(page.getByText('Search the words of posts and comments.')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search terms' })).toHaveValue('');
  await expectNoSeriousViolations(page, 'empty search page');
  expect(calls).toEqual([]);
});
