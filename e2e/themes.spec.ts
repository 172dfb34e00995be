import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import AxeBuilder from './axe.ts';
import { apiAdmin, apiCreatePost, apiSignUp, ensureTags, ORIGIN, signInBrowserAs, type ApiMember } from './helpers.ts';

// Dark mode: the first visit follows the system, the choice is remembered, nothing flashes the
// other theme, and every screen passes axe (no serious finding) in both themes.

const SHOTS = 'test-results/themes';

async function expectNoSeriousViolations(page: Page, where: string) {
  const violations = await new AxeBuilder(page).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect.soft(serious, `${where}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

test('the first visit follows the system, the choice is remembered, and no page starts in the other theme', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  // Every document the page loads must already carry its theme when it is first parsed.
  const themesAtFirstPaint: string[] = [];
  await page.exposeFunction('reportTheme', (theme: string) => themesAtFirstPaint.push(theme));
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { reportTheme(t: string): void }).reportTheme(document.documentElement.dataset.theme ?? 'none');
    });
  });

  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 255, 255)');

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'false');
  expect(themesAtFirstPaint).toEqual(['dark', 'light']);
  await context.close();
});

interface Forum {
  member: ApiMember;
  memberId: string;
  admin: ApiMember;
  postId: string;
}

async function pagesInTheme(browser: Browser, forum: Forum, theme: 'light' | 'dark', width: number) {
  const context = await browser.newContext({ colorScheme: theme, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const visit = async (path: string, ready: () => Promise<void>) => {
    await page.goto(path);
    await ready();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.screenshot({ path: `${SHOTS}/${theme}-${width}${path.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true });
    await expectNoSeriousViolations(page, `${path} in ${theme} at ${width} px`);
  };
  const heading = (name: string | RegExp) => () => expect(page.getByRole('heading', { name }).first()).toBeVisible();

  await visit('/', heading(/Latest posts/));
  await visit('/no-such-page', heading('No Page Found'));
  await visit('/auth/sign-up', heading('Sign Up'));
  await visit('/auth/forgot-password', heading('Forgot password?'));
  await visit('/auth/reset-password?token=e2e-theme', heading('Choose a new password'));
  await visit(`/members/${forum.memberId}`, heading(forum.member.name));
  await visit('/search?q=dark', heading('Search'));
  await signInBrowserAs(page, forum.member);
  await visit('/membership', heading('Membership Status'));
  await visit(`/post-details/${forum.postId}`, heading('Dark and light'));
  await visit('/dashboard/my-profile', heading(forum.member.name));
  await visit('/dashboard/add-post', heading('Add Post'));
  await visit('/dashboard/my-post', heading('My Posts'));
  await visit('/notifications', heading('Notifications'));
  await context.close();

  const adminContext = await browser.newContext({ colorScheme: theme, viewport: { width, height: 900 } });
  const adminPage = await adminContext.newPage();
  await signInBrowserAs(adminPage, forum.admin);
  for (const [path, name] of [
    ['/dashboard/admin-profile', forum.admin.name],
    ['/dashboard/manage-users', 'Manage Users'],
    ['/dashboard/reported-comment', /Reported/],
    ['/dashboard/make-announcement', 'Create Post'],
  ] as const) {
    await adminPage.goto(path);
    await expect(adminPage.getByRole('heading', { name }).first()).toBeVisible();
    await adminPage.waitForLoadState('networkidle');
    await adminPage.screenshot({ path: `${SHOTS}/${theme}-${width}${path.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true });
    await expectNoSeriousViolations(adminPage, `${path} in ${theme} at ${width} px`);
  }
  await adminContext.close();
}

test('every screen passes axe in both themes at 360 and 1280 px', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const admin = await apiAdmin(request, 'Theme Admin');
  await ensureTags(request, admin, ['css']);
  const member = await apiSignUp(request, 'Theme Reader');
  const postId = await apiCreatePost(request, member, { title: 'Dark and light', description: 'Both should read well.', category: 'css' });
  const vote = await request.patch(`/api/post-data/upVote/${postId}`, { headers: { ...admin.headers, origin: ORIGIN } });
  expect(vote.status()).toBe(200);
  // An unread notification for the member's inbox.
  const comment = await request.post('/api/comment-data', {
    headers: { ...admin.headers, origin: ORIGIN },
    data: { postId, comment: 'Reads well in **both** themes.' },
  });
  expect(comment.status()).toBe(200);
  const { authorId: memberId } = (await (await request.get(`/api/post-data/${postId}`, { headers: member.headers })).json()) as {
    authorId: string;
  };
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [360, 1280]) await pagesInTheme(browser, { member, memberId, admin, postId }, theme, width);
  }
});

/** WCAG's relative luminance of an sRGB pixel. */
const luminance = (r: number, g: number, b: number) =>
  [r, g, b]
    .map((c) => c / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a toast's close button stands out from the toast in the ${colorScheme} theme and is big enough to tap`, async ({
    browser,
    request,
  }) => {
    const member = await apiSignUp(request, 'Toast Reader');
    const context = await browser.newContext({ colorScheme, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await signInBrowserAs(page, member);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    // Away from the toast: hovering it would pause it and show the button at full strength.
    await page.mouse.move(5, 790);

    const close = page.getByRole('alert').filter({ hasText: 'Signed out successfully' }).getByRole('button', { name: 'close' });
    const box = await close.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(24);
    expect(box!.height).toBeGreaterThanOrEqual(24);
    // The darkest and the lightest pixel of the button: its mark and the toast behind it.
    const { data, info } = await sharp(await close.screenshot())
      .raw()
      .toBuffer({ resolveWithObject: true });
    const levels: number[] = [];
    for (let i = 0; i < data.length; i += info.channels) levels.push(luminance(data[i]!, data[i + 1]!, data[i + 2]!));
    const contrast = (Math.max(...levels) + 0.05) / (Math.min(...levels) + 0.05);
    expect(contrast, 'WCAG 1.4.11: a control against what is behind it').toBeGreaterThanOrEqual(3);

    // A keyboard reader sees where the focus is (focus moved after a key press is shown, as Tab's).
    await page.keyboard.press('Shift');
    await close.focus();
    expect(await close.evaluate((button) => getComputedStyle(button).outlineStyle)).not.toBe('none');
    await context.close();
  });
}

// A filled button's label against its own background while the pointer rests on it: the hover
// colour is what a mouse reader reads the label on (WCAG 1.4.3, 4.5:1 for its 14 px text).
for (const colorScheme of ['light', 'dark'] as const) {
  test(`a filled button's label keeps its contrast under the pointer in the ${colorScheme} theme`, async ({ browser, request }) => {
    const admin = await apiAdmin(request);
    await ensureTags(request, admin, ['css']);
    const member = await apiSignUp(request, 'Hover Reader');
    await apiCreatePost(request, member, { title: 'A post to hover over', category: 'css' });
    // Reduced motion: the hover colour is there at once rather than after its transition.
    const context = await browser.newContext({ colorScheme, reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInBrowserAs(page, member);
    const buttons = [
      { at: '/dashboard/my-post', button: page.getByRole('button', { name: 'Delete' }).first() }, // danger
      { at: '/dashboard/add-post', button: page.getByRole('button', { name: 'Create Post' }) }, // primary
    ];
    for (const { at, button } of buttons) {
      await page.goto(at);
      await button.hover();
      const box = (await button.boundingBox())!;
      // Inside the border and the rounded corners: only the fill and the label.
      const inset = 4;
      const shot = await page.screenshot({
        clip: { x: box.x + inset, y: box.y + inset, width: box.width - 2 * inset, height: box.height - 2 * inset },
      });
      const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
      const levels: number[] = [];
      for (let i = 0; i < data.length; i += info.channels) levels.push(luminance(data[i]!, data[i + 1]!, data[i + 2]!));
      const contrast = (Math.max(...levels) + 0.05) / (Math.min(...levels) + 0.05);
      expect(contrast, `${await button.textContent()} under the pointer`).toBeGreaterThanOrEqual(4.5);
    }
    await context.close();
  });
}
