import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from './axe.ts';
import { apiAdmin, apiCreatePost, apiSignUp, ensureTags, signInBrowserAs, uniqueEmail, type ApiMember } from './helpers.ts';

// The member's dashboard: Add Post, My Post (delete), the post limit, Comment details (read, report).

const TAGS = ['javascript', 'react'];
const LONG_COMMENT = 'This is a rather long comment that the post owner reads in full through See More.';

let admin: ApiMember;

test.beforeAll(async ({ request }) => {
  admin = await apiAdmin(request);
  await ensureTags(request, admin, TAGS);
});

async function expectNoSeriousViolations(page: Page) {
  const violations = await new AxeBuilder(page).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/** Checks the page with axe and keeps a screenshot, at 360 px and on a desktop. */
async function checkBothWidths(page: Page, name: string, ready: () => Promise<void>) {
  for (const [label, size] of [
    ['desktop', { width: 1280, height: 900 }],
    ['360', { width: 360, height: 780 }],
  ] as const) {
    await page.setViewportSize(size);
    await ready();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `test-results/shots/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function comment(request: APIRequestContext, commenter: ApiMember, postId: string, text: string) {
  const res = await request.post('/api/comment-data', { headers: commenter.headers, data: { postId, comment: text } });
  expect(res.status(), await res.text()).toBe(200);
}

test('a member writes a post from the dashboard, finds it in My Post and on home, and deletes one', async ({ page, request }) => {
  const member = await apiSignUp(request, 'Writer Wendy');
  await signInBrowserAs(page, member);

  // My Profile before any post.
  await page.goto('/dashboard/my-profile');
  await expect(page.getByText('No Post Found. To Create Post..')).toBeVisible();
  await expect(page.getByText('Bronze Member')).toBeVisible();
  await checkBothWidths(page, 'my-profile-empty', async () => {
    await expect(page.getByRole('heading', { name: 'Writer Wendy' })).toBeVisible();
  });

  const title = `Dashboard post ${Date.now().toString(36)}`;
  await page.getByRole('link', { name: 'To Create Post..' }).click();
  await expect(page).toHaveURL(/\/dashboard\/add-post$/);
  await expect(page.getByLabel('Author Name')).toHaveValue('Writer Wendy');
  await expect(page.getByLabel('Author Email')).toHaveValue(member.email);
  await checkBothWidths(page, 'add-post', async () => {
    await expect(page.getByRole('button', { name: 'Create Post' })).toBeVisible();
  });
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Written through the Add Post form.');
  await page.getByLabel('Tag').selectOption('react');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Successfully Post Created!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-post$/);
  await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();

  // On the home page for everyone.
  await page.goto('/');
  await expect(page.locator('body')).toContainText(title);

  // My Profile shows it as a card.
  await page.goto('/dashboard/my-profile');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Total Vote').first()).toBeVisible();
  await checkBothWidths(page, 'my-profile', async () => {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  });

  // Delete a second post from My Post.
  const doomed = `Doomed post ${Date.now().toString(36)}`;
  await apiCreatePost(request, member, { title: doomed, category: 'javascript' });
  await page.goto('/dashboard/my-post');
  const row = page.getByRole('row', { name: new RegExp(doomed) });
  await expect(row).toBeVisible();
  await checkBothWidths(page, 'my-post', async () => {
    await expect(page.getByRole('row', { name: new RegExp(doomed) })).toBeVisible();
  });
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText("You won't be able to revert this!");
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  const done = page.getByRole('dialog', { name: 'Deleted!' });
  await expect(done).toContainText('Your event has been deleted.');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('row', { name: new RegExp(doomed) })).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();
});

interface LayoutShift {
  value: number;
  /** The elements that moved inside the page's <main>, as tag.class and their box before → after. */
  inMain: string[];
}

/** Every layout shift of the page since it began loading (none after an input counts, as in CLS). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: LayoutShift[] = [];
    (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts = shifts;
    type Entry = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
    };
    const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Entry[]) {
        if (entry.hadRecentInput) continue;
        const inMain = entry.sources.flatMap(({ node, previousRect, currentRect }) => {
          const element = node instanceof Element ? node : node?.parentElement;
          if (!element?.closest('main')) return [];
          return [`${element.tagName.toLowerCase()}.${element.className} ${box(previousRect)} → ${box(currentRect)}`];
        });
        shifts.push({ value: entry.value, inMain });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test('My Profile keeps still while it loads, with and without posts, at 360 px and on a desktop', async ({ browser, request }) => {
  const member = await apiSignUp(request, 'Steady Stella');
  for (const posts of [0, 3]) {
    for (let i = 0; i < posts; i += 1) await apiCreatePost(request, member, { title: `Steady post ${i}`, category: 'react' });
    for (const width of [360, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await signInBrowserAs(page, member);
      await recordLayoutShifts(page);
      await page.goto('/dashboard/my-profile');
      await expect(page.getByText('Bronze Member')).toBeVisible();
      if (posts === 0) await expect(page.getByText('No Post Found. To Create Post..')).toBeVisible();
      else await expect(page.getByRole('link', { name: /^Steady post/ })).toHaveCount(posts);
      await expect(page.getByRole('checkbox', { name: 'Email me when someone comments on my post' })).toBeVisible();
      await page.waitForTimeout(500);
      const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts);
      // Nothing on the page moves as its parts arrive (the badge, the posts, the settings below them).
      expect(
        shifts.flatMap((s) => s.inMain),
        `${posts} posts at ${width} px`,
      ).toEqual([]);
      expect(
        shifts.reduce((sum, s) => sum + s.value, 0),
        `${posts} posts at ${width} px`,
      ).toBeLessThan(0.01);
      await context.close();
    }
  }
});

test('a Bronze member reaches the post limit and is offered the upgrade', async ({ page, request }) => {
  const member = await apiSignUp(request, 'Busy Bea');
  for (let i = 1; i <= 3; i += 1) await apiCreatePost(request, member, { title: `Bea post ${i}`, category: 'react' });
  await signInBrowserAs(page, member);

  // The fifth post goes through the form.
  await page.goto('/dashboard/add-post');
  await page.getByLabel('Title').fill('Bea post 4');
  await page.getByLabel('Description').fill('Still within the limit.');
  await page.getByLabel('Tag').selectOption('react');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-post$/);

  // The form is open when the limit is reached elsewhere: the server refuses, the prompt shows.
  await page.goto('/dashboard/add-post');
  await page.getByLabel('Title').fill('Bea post 6');
  await page.getByLabel('Description').fill('One too many.');
  await page.getByLabel('Tag').selectOption('javascript');
  await apiCreatePost(request, member, { title: 'Bea post 5', category: 'react' });
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('You have reached your post limit.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();

  // Known before the form is filled on the next visit.
  await page.goto('/dashboard/add-post');
  await expect(page.getByText('You have reached your post limit.')).toBeVisible();
  await expect(page.getByText('Please upgrade your membership to continue posting.')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveCount(0);
  await checkBothWidths(page, 'add-post-limit', async () => {
    await expect(page.getByRole('link', { name: 'Upgrade Membership' })).toBeVisible();
  });
  await page.getByRole('link', { name: 'Upgrade Membership' }).click();
  await expect(page).toHaveURL(/\/membership$/);
});

test('the post owner reads a full comment and reports it to the admin', async ({ page, request }) => {
  const owner = await apiSignUp(request, 'Owner Olga');
  const commenter = await apiSignUp(request, 'Chatty Carl', uniqueEmail('carl'));
  const title = `Discussed post ${Date.now().toString(36)}`;
  const postId = await apiCreatePost(request, owner, { title, category: 'react' });
  await comment(request, commenter, postId, LONG_COMMENT);
  await comment(request, commenter, postId, 'Short and sweet');

  await signInBrowserAs(page, owner);
  await page.goto('/dashboard/my-post');
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('link', { name: 'Comment' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-post/comment-details/${postId}$`));
  await expect(page.getByRole('heading', { name: 'Comment Details' })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(`${LONG_COMMENT.slice(0, 20)}\\.\\.`) });
  await expect(row).toContainText(commenter.email);
  await expect(row).not.toContainText(LONG_COMMENT);
  await checkBothWidths(page, 'comment-details', async () => {
    await expect(page.getByRole('button', { name: 'See More' })).toBeVisible();
  });

  await row.getByRole('button', { name: 'See More' }).click();
  const dialog = page.getByRole('dialog', { name: 'Full Comment' });
  await expect(dialog).toContainText(LONG_COMMENT);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  const report = row.getByRole('button', { name: 'Report To Admin' });
  await expect(report).toBeDisabled();
  await row.getByLabel('Feedback').selectOption('Abusive or disrespectful language');
  await expect(report).toBeEnabled();
  await report.click();
  await expect(report).toBeDisabled();
  await expect(row.getByText('Reported')).toBeVisible();

  // Still reported after a reload; the other comment can still be reported.
  await page.reload();
  const reloaded = page.getByRole('row', { name: new RegExp(`${LONG_COMMENT.slice(0, 20)}\\.\\.`) });
  await expect(reloaded.getByRole('button', { name: 'Report To Admin' })).toBeDisabled();
  const other = page.getByRole('row', { name: /Short and sweet/ });
  await expect(other.getByRole('button', { name: 'See More' })).toHaveCount(0);
  await expect(other.getByLabel('Feedback')).toBeEnabled();

  // The admin's queue has it.
  const queue = await request.get('/api/reported-comment-pagination', { headers: admin.headers });
  expect(await queue.text()).toContain(LONG_COMMENT);
});

test('five pages of comments keep Prev and Next on one line in the comment details at 360 px', async ({ page, request }) => {
  const owner = await apiSignUp(request, 'Owner Petra');
  const commenter = await apiSignUp(request, 'Busy Bo');
  const postId = await apiCreatePost(request, owner, { title: `Busy post ${Date.now().toString(36)}`, category: 'react' });
  for (let i = 1; i <= 25; i += 1) await comment(request, commenter, postId, `Comment number ${i}`);

  await page.setViewportSize({ width: 360, height: 780 });
  await signInBrowserAs(page, owner);
  await page.goto(`/dashboard/my-post/comment-details/${postId}?limit=5`);
  const pages = page.getByRole('navigation', { name: 'Comment pages' });
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  for (let at = 1; at <= 5; at += 1) {
    if (at > 1) await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages.getByRole('button', { name: `Page ${at}` })).toHaveAttribute('aria-current', 'page');
    const [prev, next] = await Promise.all(
      ['Prev', 'Next'].map(async (name) => (await pages.getByRole('button', { name }).boundingBox())!.y),
    );
    expect(next, `Next on the line of Prev, at page ${at}`).toBe(prev);
  }
  await page.screenshot({ path: 'test-results/shots/comment-details-five-pages-360.png', fullPage: true });
});

test('the feedback picker shows its whole choice in the comment details at 360 px', async ({ page, request }) => {
  const owner = await apiSignUp(request, 'Owner Quinn');
  const commenter = await apiSignUp(request, 'Loud Lou');
  const postId = await apiCreatePost(request, owner, { title: `Picked post ${Date.now().toString(36)}`, category: 'react' });
  await comment(request, commenter, postId, 'Worth a report');

  await page.setViewportSize({ width: 360, height: 780 });
  await signInBrowserAs(page, owner);
  await page.goto(`/dashboard/my-post/comment-details/${postId}`);
  const row = page.getByRole('row', { name: /Worth a report/ });
  const feedback = row.getByLabel('Feedback');
  // A <select> is cut short when it is narrower than its widest option, as it is with width: max-content.
  const cutBy = () =>
    feedback.evaluate((select: HTMLSelectElement) => {
      const shown = select.getBoundingClientRect().width;
      const before = select.style.width;
      select.style.width = 'max-content';
      const whole = select.getBoundingClientRect().width;
      select.style.width = before;
      return Math.max(0, Math.ceil(whole - shown));
    });
  await expect(feedback).toHaveValue('');
  expect(await cutBy(), 'the picker narrower than its longest feedback').toBe(0);
  await feedback.selectOption('Abusive or disrespectful language');
  await expect(row.getByRole('button', { name: 'Report To Admin' })).toBeEnabled();
  // Neither the page nor the table scrolls sideways.
  const sideways = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll('table')].map(
      (el) => (el.parentElement ?? el).scrollWidth - (el.parentElement ?? el).clientWidth,
    ),
  );
  expect(
    sideways.every((extra) => extra <= 0),
    `sideways overflow ${sideways.join(', ')}`,
  ).toBe(true);
  await page.screenshot({ path: 'test-results/shots/comment-details-feedback-360.png', fullPage: true });
});
