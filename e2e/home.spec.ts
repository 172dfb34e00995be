// The forum itself: a visitor browses home (list, tag search, sort, page size), then
// opens a post, signs in, votes, comments and shares. Both pages are checked with axe
// at 360 px and 1280 px, with screenshots for a look.
import AxeBuilder from './axe.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAdmin, apiCreatePost, apiSignUp, ensureTags, signInInBrowser, type ApiMember } from './helpers.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/home-shots';
const run = Date.now().toString(36);
const alpha = `alpha${run}`;
const beta = `beta${run}`;

interface Forum {
  authors: ApiMember[];
  reader: ApiMember;
  /** Titles, oldest first. */
  titles: string[];
  ids: string[];
  popularTitle: string;
}

let forum: Forum;

async function seed(request: APIRequestContext): Promise<Forum> {
  const admin = await apiAdmin(request, 'Ada Admin');
  await ensureTags(request, admin, [alpha, beta]);
  const res = await request.post('/api/announcement-data', {
    headers: admin.headers,
    data: { title: 'Welcome to the new forum', description: 'Be kind, share what you learn.\nHave fun!' },
  });
  expect(res.status(), await res.text()).toBe(200);

  const authors = [await apiSignUp(request, 'Grace Hopper'), await apiSignUp(request, 'Linus Torvalds')];
  const titles: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < 8; i += 1) {
    const title = `Post ${i + 1} about ${i % 2 === 0 ? alpha : beta} (${run})`;
    ids.push(
      await apiCreatePost(request, authors[i % 2]!, {
        title,
        category: i % 2 === 0 ? alpha : beta,
        description: `Line one of post ${i + 1}\nLine two`,
      }),
    );
    titles.push(title);
  }
  // The second post becomes the most popular one.
  const voters = [await apiSignUp(request, 'Voter One'), await apiSignUp(request, 'Voter Two')];
  for (const voter of voters) {
    const vote = await request.patch(`/api/post-data/upVote/${ids[1]}`, { headers: voter.headers });
    expect(vote.status()).toBe(200);
  }
  const reader = await apiSignUp(request, 'Reader Rita');
  return { authors, reader, titles, ids, popularTitle: titles[1]! };
}

async function checkA11y(page: Page, name: string) {
  const violations = await new AxeBuilder(page).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${name}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const postList = (page: Page) => page.getByRole('region', { name: /Latest posts|Most popular posts|Search results/ });

test.beforeAll(async ({ request }) => {
  forum = await seed(request);
});

test('a visitor browses home: the list, a tag search, the sort and the page size', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');

  // The newest five, newest first, as cards linking to the post.
  const list = postList(page);
  await expect(list.getByRole('heading', { name: 'Latest posts' })).toBeVisible();
  await expect(list.getByRole('article')).toHaveCount(5);
  const newest = list.getByRole('link', { name: forum.titles[7]! });
  await expect(newest).toHaveAttribute('href', `/post-details/${forum.ids[7]}`);
  await expect(list.getByRole('article').first()).toContainText(forum.titles[7]!);
  await expect(list.getByRole('article').first()).toContainText('Linus Torvalds');
  await expect(list.getByRole('article').first()).toContainText(/now|seconds? ago|minutes? ago/);

  // Side columns on a wide screen.
  const board = page.getByRole('region', { name: 'Top Contributors This Week' });
  await expect(board).toBeVisible();
  await expect(board.getByRole('listitem').filter({ hasText: 'Grace Hopper' })).toContainText('Active');
  await expect(board.getByRole('listitem').first()).toContainText('#1');
  const news = page.getByRole('region', { name: 'Announcements' });
  await expect(news.getByRole('heading', { name: 'Welcome to the new forum' })).toBeVisible();
  await expect(news).toContainText('Be kind, share what you learn.');

  await shoot(page, 'home-1280');
  await checkA11y(page, 'home at 1280 px');

  // A tag chip searches that tag.
  await page.getByRole('link', { name: `#${beta}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?search=${beta}$`));
  await expect(list.getByRole('heading', { name: /Search results/ })).toBeVisible();
  await expect(list.getByRole('article')).toHaveCount(4);
  for (const article of await list.getByRole('article').all()) await expect(article).toContainText(`#${beta}`);
  await expect(page.getByRole('searchbox', { name: 'Search by tag' })).toHaveValue(beta);

  // Sorting the search results keeps the search: the same posts, most popular first.
  const [betaFirst] = (await (await request.get(`/api/search-by-tag?search=${beta}&sort=popularity&page=0&limit=1`)).json()) as {
    title: string;
  }[];
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Popularity (High to Low)' });
  await expect(page).toHaveURL(new RegExp(`\\?search=${beta}&sort=popularity$`));
  await expect(page.getByRole('searchbox', { name: 'Search by tag' })).toHaveValue(beta);
  await expect(list.getByRole('article')).toHaveCount(4);
  await expect(list.getByRole('article').first()).toContainText(betaFirst!.title);
  for (const article of await list.getByRole('article').all()) await expect(article).toContainText(`#${beta}`);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Sort' });
  await expect(page).toHaveURL(new RegExp(`\\?search=${beta}$`));

  // A search that finds nothing.
  await page.getByRole('searchbox', { name: 'Search by tag' }).fill(`nothing${run}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(`No results found for "nothing${run}"`)).toBeVisible();
  await expect(list.getByRole('article')).toHaveCount(0);

  // An empty search ends the search.
  await page.getByRole('searchbox', { name: 'Search by tag' }).fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  // Sorting by popularity shows the whole list, most voted first (other suites may
  // have written posts on this server too: the expectations come from the API).
  const total = ((await (await request.get('/api/post-data-count')).json()) as { count: number }).count;
  const [mostPopular] = (await (await request.get('/api/post-data/popularity?page=0&limit=1')).json()) as { title: string }[];
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Popularity (High to Low)' });
  await expect(page).toHaveURL(/\?sort=popularity$/);
  await expect(list.getByRole('heading', { name: 'Most popular posts' })).toBeVisible();
  await expect(list.getByRole('article').first()).toContainText(mostPopular!.title);
  await expect(list.getByRole('article').filter({ hasText: forum.popularTitle })).toContainText('2 upvotes');

  // Page 2, then a bigger page size goes back to the first page.
  const pages = page.getByRole('navigation', { name: 'Posts pages' });
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(list.getByRole('article')).toHaveCount(Math.min(5, total - 5));
  await pages.getByRole('combobox', { name: 'Per page' }).selectOption('10');
  await expect(page).toHaveURL(/\?sort=popularity&limit=10$/);
  await expect(list.getByRole('article')).toHaveCount(Math.min(10, total));
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('button', { name: 'Prev' })).toBeDisabled();
  if (total <= 10) await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();

  // The address is the state: a reload shows the same list.
  await page.reload();
  await expect(list.getByRole('article')).toHaveCount(Math.min(10, total));
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('popularity');

  // Small screens: the list alone, the bell leads to the announcements.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/');
  await expect(list.getByRole('article')).toHaveCount(5);
  await expect(page.getByRole('region', { name: 'Top Contributors This Week' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Announcements' })).toBeHidden();
  await shoot(page, 'home-360');
  await checkA11y(page, 'home at 360 px');
  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByRole('region', { name: 'Announcements' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to the new forum' })).toBeInViewport();
  await shoot(page, 'home-360-announcements');
});

test('a member opens a post after signing in, votes, comments and shares it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const title = forum.titles[7]!;
  const id = forum.ids[7]!;
  await page.goto('/');

  // The share button of a card opens the dialog without leaving home.
  const card = page.getByRole('article').filter({ hasText: title });
  await card.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('dialog', { name: 'Share this post' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Opening a post needs an account: sign in, then back to the post.
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await signInInBrowser(page, forum.reader.email);
  await expect(page).toHaveURL(new RegExp(`/post-details/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Line one of post 8')).toBeVisible();
  await expect(page.getByRole('link', { name: `#${beta}` })).toBeVisible();

  // Vote: counted at once, kept by the server, switchable.
  const up = page.getByRole('button', { name: 'Upvote' });
  const down = page.getByRole('button', { name: 'Downvote' });
  await expect(up).toHaveAttribute('aria-pressed', 'false');
  await up.click();
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await expect(up).toHaveAccessibleDescription('1 upvote');
  await page.reload();
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await expect(up).toHaveAccessibleDescription('1 upvote');
  await down.click();
  await expect(down).toHaveAttribute('aria-pressed', 'true');
  await expect(up).toHaveAttribute('aria-pressed', 'false');
  await expect(up).toHaveAccessibleDescription('0 upvotes');
  await expect(down).toHaveAccessibleDescription('1 downvote');
  await down.click();
  await up.click();
  await expect(up).toHaveAttribute('aria-pressed', 'true');

  // Comment: required text, then "Thanks! Your comment is live" for 2 seconds.
  await page.getByRole('button', { name: 'Add Comment' }).click();
  const form = page.getByRole('dialog', { name: 'Add a comment' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Comment is required')).toBeVisible();
  await shoot(page, 'post-comment-required-1280');
  await form.getByLabel('Comment').fill('Thanks for writing this up!\nVery helpful.');
  await form.getByRole('button', { name: 'Submit' }).click();
  const thanks = page.getByRole('dialog', { name: 'Thanks! Your comment is live' });
  await expect(thanks).toBeVisible();
  await shoot(page, 'post-comment-live-1280');
  const comments = page.getByRole('region', { name: /Comments/ });
  await expect(comments.getByText('Thanks for writing this up!')).toBeVisible();
  await expect(comments.getByRole('heading', { name: 'Comments 1' })).toBeVisible();
  await expect(thanks).toBeHidden();

  // Share: Facebook and WhatsApp with the post's address and #code, in a new tab.
  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share this post' });
  const url = new URL(`/post-details/${id}`, page.url()).toString();
  const facebook = share.getByRole('link', { name: /Facebook/ });
  const whatsapp = share.getByRole('link', { name: /WhatsApp/ });
  await expect(facebook).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}&hashtag=%23code`);
  await expect(whatsapp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`${title} ${url} #code`)}`);
  for (const link of [facebook, whatsapp]) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await shoot(page, 'post-share-1280');
  await checkA11y(page, 'share dialog');
  await share.getByRole('button', { name: 'Close' }).click();

  await shoot(page, 'post-1280');
  await checkA11y(page, 'post at 1280 px');
  await page.setViewportSize({ width: 360, height: 780 });
  await shoot(page, 'post-360');
  await checkA11y(page, 'post at 360 px');

  // A post that does not exist.
  await page.goto('/post-details/no-such-post');
  await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back To Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the pages of a long list fit one line with Prev and Next at 360 px', async ({ page, request }) => {
  // At least nine pages of five, whatever the other suites wrote.
  const count = async () => ((await (await request.get('/api/post-data-count')).json()) as { count: number }).count;
  for (let missing = 45 - (await count()); missing > 0; missing -= 5) {
    const author = await apiSignUp(request, 'Pager Author');
    for (let i = 0; i < Math.min(5, missing); i += 1)
      await apiCreatePost(request, author, { title: `Pager post ${i} (${run})`, category: alpha });
  }
  const total = await count();
  const last = Math.ceil(total / 5);
  const pages = page.getByRole('navigation', { name: 'Posts pages' });
  const shownPages = async () => (await pages.getByRole('link', { name: /^Page \d+$/ }).allInnerTexts()).join(' ');
  // Both read at one moment: the page may still be scrolling to the list after a change of page.
  const oneLine = async () => {
    const [prev, next] = await pages.evaluate((nav) =>
      ['Prev', 'Next'].map(
        (name) => [...nav.querySelectorAll('a, button')].find((b) => b.textContent === name)!.getBoundingClientRect().top,
      ),
    );
    expect(next, 'Next on the line of Prev').toBe(prev);
  };

  // A phone: the first, the current and the last page.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/?page=5');
  await expect(pages.getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
  expect(await shownPages()).toBe(`1 5 ${last}`);
  await oneLine();
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=6/);
  await expect(pages.getByRole('link', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
  expect(await shownPages()).toBe(`1 6 ${last}`);
  await oneLine();
  await shoot(page, 'home-360-pager');

  // A wide screen: a window around the current page.
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await shownPages()).toBe(`1 5 6 7 ${last}`);
  await oneLine();
});

test('the bell on another page brings the announcements to the top, even when the list arrives after them', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/search');
  // The post list answers only once the announcements show, as on a slow connection.
  let releaseList = () => {};
  const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
  await page.route(/\/api\/(pagination|post-data\/popularity)/, async (route) => {
    await listHeld;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Notifications' }).click();
  const heading = page.getByRole('heading', { name: 'Announcements' });
  await expect(heading).toBeVisible();
  releaseList();
  await expect(postList(page).getByRole('article').first()).toBeVisible();
  // Just under the sticky top bar, as when /#announcements is opened directly.
  await expect.poll(async () => (await heading.boundingBox())!.y).toBeLessThan(120);
  await shoot(page, 'home-360-bell-from-search');
});
