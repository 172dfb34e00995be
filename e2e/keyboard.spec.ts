// Keyboard only: every action leaves the focus somewhere sensible (never on the page itself,
// never under the top bar or a panel), and Tab goes on from where the page now is.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiAdmin, apiCreatePost, apiSignUp, ensureTags, ORIGIN, signInBrowserAs, type ApiMember } from './helpers.ts';

const run = Date.now().toString(36);

// Home long enough to scroll: eight posts (a Bronze member writes five at most).
test.beforeAll(async ({ request }) => {
  const tag = `keys${run}`;
  await ensureTags(request, await apiAdmin(request), [tag]);
  const writers = [await apiSignUp(request, 'Key Writer'), await apiSignUp(request, 'Key Typist')];
  for (let i = 1; i <= 8; i += 1) await apiCreatePost(request, writers[i % 2]!, { title: `Keyboard post ${i} ${run}`, category: tag });
});

async function announce(request: APIRequestContext, admin: ApiMember, title: string, description = 'Read me.') {
  const res = await request.post('/api/announcement-data', { headers: { ...admin.headers, origin: ORIGIN }, data: { title, description } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Waits until React has claimed the server's markup of `control`: before that, a key pressed on it does nothing. */
const hydrated = (control: Locator) =>
  expect.poll(() => control.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps')))).toBe(true);

/** Presses Tab until the focus is outside `region` (at most `max` times). */
async function tabOutOf(page: Page, region: Locator, max = 40) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (!(await region.evaluate((el) => el.contains(document.activeElement)))) return;
  }
  throw new Error('the focus never left the region');
}

/** The focused element's top and the top bar's bottom, unless the focus is in the bar itself. */
const focusAndBar = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    const header = document.querySelector('header');
    if (!focused || focused === document.body || !header || header.contains(focused)) return null;
    return {
      name: (focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 60),
      top: focused.getBoundingClientRect().top,
      barBottom: header.getBoundingClientRect().bottom,
    };
  });

for (const width of [360, 1280]) {
  test(`the bell followed by keyboard at ${width} px puts the focus on the announcements`, async ({ page, request }) => {
    const title = `Bell by keyboard ${width} ${run}`;
    await announce(request, await apiAdmin(request), title, 'Run this:\n\n```sh\nnpm test\n```');
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/search?q=keyboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    const bell = page.getByRole('link', { name: 'Notifications' });
    await hydrated(bell);
    await bell.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/#announcements$/);
    const announcements = page.getByRole('region', { name: 'Announcements' });
    await expect(announcements).toBeFocused();
    await expect(announcements).toBeInViewport();
    await expect(announcements.getByRole('heading', { name: title })).toBeVisible();

    // Tab goes on into them, then on to what the page shows after them.
    await page.keyboard.press('Tab');
    await expect(announcements.getByRole('button', { name: 'Copy' }).first()).toBeFocused();
    if (width === 360) {
      // On a phone they are shown above the posts: the posts come next.
      await tabOutOf(page, announcements);
      expect(await page.getByRole('region', { name: 'Latest posts' }).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
  });

  test(`Tab and Shift+Tab through home at ${width} px never leave the focus under the top bar`, async ({ page }) => {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/');
    const perPage = page.getByLabel('Per page');
    await hydrated(perPage);
    for (const [start, key] of [
      [page.getByRole('link', { name: 'Skip to content' }), 'Tab'],
      [perPage, 'Shift+Tab'],
    ] as const) {
      await start.focus();
      const hidden: string[] = [];
      for (let i = 0; i < 40; i += 1) {
        await page.keyboard.press(key);
        const at = await focusAndBar(page);
        if (at && at.top < at.barBottom - 0.5) hidden.push(`${key} ${at.name} at ${Math.round(at.top)}`);
      }
      expect(hidden).toEqual([]);
    }
  });
}

test('the phone menu and the phone search close once the focus has left them', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/search?q=closing');
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await hydrated(menuButton);

  await menuButton.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
  // Back to its button: still open.
  await page.keyboard.press('Shift+Tab');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  // Past its last link: closed, so it covers nothing the focus goes on to.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Code Commons' })).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: 'Membership' })).toBeHidden();

  const searchButton = page.getByRole('button', { name: 'Open search' });
  await searchButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('searchbox', { name: 'Search posts' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(searchButton).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('searchbox', { name: 'Search posts' })).toBeHidden();
});

test('a tag search sent from its field, and a search from the search page’s, keep the focus in the field', async ({ page }) => {
  await page.goto('/');
  const field = page.getByRole('searchbox', { name: 'Search by tag' });
  await hydrated(field);
  await field.focus();
  await page.keyboard.type('react');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/\?search=react$/);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('react');

  await page.goto('/search?q=first');
  const terms = page.getByRole('searchbox', { name: 'Search terms' });
  await hydrated(terms);
  await terms.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('second');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=second$/);
  await expect(terms).toBeFocused();
  await expect(terms).toHaveValue('second');
  // Back: the field shows the search shown again.
  await page.goBack();
  await expect(terms).toHaveValue('first');
});

test('adding and deleting tags by keyboard keeps the focus in the tag forms', async ({ page, request }) => {
  const admin = await apiAdmin(request);
  await ensureTags(request, admin, [`zz${run}c`]);
  await signInBrowserAs(page, admin);
  await page.goto('/dashboard/admin-profile');

  const field = page.getByRole('textbox', { name: 'Tag', exact: true });
  await field.focus();
  await page.keyboard.type(`zz${run}a`);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Successfully Tag added')).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  // The button too.
  await page.keyboard.type(`zz${run}b`);
  await page.getByRole('button', { name: 'Add Tag' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Delete zz${run}b` })).toBeVisible();
  await expect(field).toBeFocused();

  // Deleting one: the next tag's Delete takes the focus, else the one before's.
  await page.getByRole('button', { name: `Delete zz${run}a` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: `Delete "zz${run}a"?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // Delete waits for the count of the tag's posts.
  await expect(dialog.getByText('No post uses this tag.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete zz${run}a` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete zz${run}b` })).toBeFocused();
});

test('making a member an admin and back by keyboard keeps the focus on that member’s row', async ({ page, request }) => {
  const admin = await apiAdmin(request);
  const member = await apiSignUp(request, `Promoted ${run}`);
  await signInBrowserAs(page, admin);
  await page.goto(`/dashboard/manage-users?search=${encodeURIComponent(member.email)}`);
  const row = page.getByRole('row', { name: new RegExp(`Promoted ${run}`) });

  await row.getByRole('button', { name: 'Make Admin' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Make Admin' }).focus();
  await page.keyboard.press('Enter');
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
  const remove = row.getByRole('button', { name: 'Remove admin' });
  await expect(remove).toBeFocused();

  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove admin' }).focus();
  await page.keyboard.press('Enter');
  await expect(row.getByText('Client', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Make Admin' })).toBeFocused();
});

test('editing and deleting announcements by keyboard keeps the focus on the list', async ({ page, request }) => {
  const admin = await apiAdmin(request);
  // Newest first: "second" is listed above "first".
  await announce(request, admin, `Keyed first ${run}`);
  await announce(request, admin, `Keyed second ${run}`);
  await signInBrowserAs(page, admin);
  await page.goto('/dashboard/make-announcement');

  const edit = page.getByRole('button', { name: `Edit Keyed second ${run}` });
  await edit.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: `Edit Keyed second ${run}` });
  await expect(form.getByLabel('Title')).toBeFocused();
  await form.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(edit).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  await page.keyboard.type(' (moved)');
  await page.keyboard.press('Enter');
  const edited = page.getByRole('button', { name: `Edit Keyed second ${run} (moved)` });
  await expect(edited).toBeFocused();

  await page.getByRole('button', { name: `Delete Keyed second ${run} (moved)` }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete it!' }).focus();
  await page.keyboard.press('Enter');
  await expect(edited).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete Keyed first ${run}` })).toBeFocused();
});

test('searching the users by keyboard leaves the focus in the search field, and Clear puts it back there', async ({ page, request }) => {
  const admin = await apiAdmin(request);
  const member = await apiSignUp(request, `Findable ${run}`);
  await signInBrowserAs(page, admin);
  await page.goto('/dashboard/manage-users');
  const field = page.getByRole('searchbox', { name: 'Search by name or email' });
  await field.focus();
  await page.keyboard.type(member.email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row', { name: new RegExp(`Findable ${run}`) })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(field).toBeFocused();

  await page.getByRole('button', { name: 'Clear' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/search=/);
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
});

test('paying for Gold by keyboard puts the focus on the Gold card that replaces the form', async ({ page, request }) => {
  await signInBrowserAs(page, await apiSignUp(request, `Paying ${run}`));
  await page.goto('/membership');
  await page.getByLabel('Card number').focus();
  await page.keyboard.type('4242424242424242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1234');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Pay $9.99' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment successful! 🎉')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: "You're a Gold Member!" })).toBeFocused();
});

test('paging by keyboard to the last page and back leaves the focus on the page shown, not on the page itself', async ({ page }) => {
  await page.goto(`/?search=keys${run}&limit=5`);
  const pages = page.getByRole('navigation', { name: 'Posts pages' });
  // Home's pages are links (they have addresses); Prev on the first page and Next on the last are
  // disabled buttons, as they lead nowhere.
  const next = pages.getByRole('link', { name: 'Next' });
  await hydrated(next);
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/page=2/);
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(pages.getByRole('link', { name: 'Page 2' })).toBeFocused();

  await pages.getByRole('link', { name: 'Prev' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/page=/);
  await expect(pages.getByRole('link', { name: 'Page 1' })).toBeFocused();
});
