import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from './axe.ts';
import {
  apiAdmin,
  apiCreatePost,
  apiSignUp,
  ensureTags,
  holdBack,
  PASSWORD,
  signInBrowserAs,
  uniqueEmail,
  type ApiMember,
} from './helpers.ts';

// The admin's dashboard: site totals and tags, promoting a member, banning a reported
// commenter, publishing an announcement.

async function expectNoSeriousViolations(page: Page) {
  const violations = await new AxeBuilder(page).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

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

let admin: ApiMember;

test.beforeAll(async ({ request }) => {
  admin = await apiAdmin(request, 'Admin Ada');
  await ensureTags(request, admin, ['react']);
});

test('the admin sees the totals and adds a tag that members can pick', async ({ page, browser, request }) => {
  await signInBrowserAs(page, admin);
  await page.goto('/dashboard/admin-profile');
  await expect(page.getByRole('heading', { name: 'Admin Ada' })).toBeVisible();
  await expect(page.getByText('Admin', { exact: true })).toBeVisible();
  for (const label of ['Total Post', 'Total Comment', 'Total User']) await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /Pie chart\. Total Posts: \d+, Total Comments: \d+, Total Users: \d+/ })).toBeVisible();
  await expect(page.locator('.recharts-pie')).toBeVisible();
  await checkBothWidths(page, 'admin-profile', async () => {
    await expect(page.locator('.recharts-pie')).toBeVisible();
  });

  const tag = `tag-${Date.now().toString(36)}`;
  await page.getByLabel('Tag', { exact: true }).fill(tag);
  await page.getByRole('button', { name: 'Add Tag' }).click();
  await expect(page.getByText('Successfully Tag added')).toBeVisible();
  await expect(page.getByLabel('Tag', { exact: true })).toHaveValue('');

  // A duplicate is refused with the server's message.
  await page.getByLabel('Tag', { exact: true }).fill(tag);
  await page.getByRole('button', { name: 'Add Tag' }).click();
  await expect(page.getByText(`The tag "${tag}" already exists.`)).toBeVisible();

  // A member sees the new tag in the Add Post select.
  const member = await apiSignUp(request, 'Tag Reader');
  const context = await browser.newContext();
  const memberPage = await context.newPage();
  await signInBrowserAs(memberPage, member);
  await memberPage.goto('/dashboard/add-post');
  await expect(memberPage.getByLabel('Tag').locator('option', { hasText: tag })).toHaveCount(1);
  await context.close();
});

test('the charts of the admin profile take the dark theme: slices parted by the card, tooltips dark, days as the axis reads them', async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await signInBrowserAs(page, admin);
  await page.goto('/dashboard/admin-profile');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const card = page.locator('figure').filter({ has: page.locator('.recharts-pie') });
  const sector = card.locator('.recharts-pie-sector path').first();
  await expect(sector).toBeVisible();
  const cardColor = await card.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(cardColor).not.toBe('rgb(255, 255, 255)');
  // The gaps between slices are the card showing through, not white rings on a dark card.
  expect(await sector.evaluate((el) => getComputedStyle(el).stroke)).toBe(cardColor);

  // A point on the ring that a slice covers (the middle of a slice's box may be the hole).
  const onSlice = await card.locator('.recharts-surface').evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    for (let degrees = 0; degrees < 360; degrees += 10) {
      const x = box.left + box.width / 2 + 85 * Math.cos((degrees * Math.PI) / 180);
      const y = box.top + box.height / 2 + 85 * Math.sin((degrees * Math.PI) / 180);
      if (document.elementFromPoint(x, y)?.closest('.recharts-pie-sector')) return { x, y };
    }
    return null;
  });
  expect(onSlice).not.toBeNull();
  await page.mouse.move(onSlice!.x, onSlice!.y);
  const pieTip = card.locator('.recharts-default-tooltip');
  await expect(pieTip).toBeVisible();
  expect(await pieTip.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(cardColor);

  const bars = page.locator('figure').filter({ has: page.locator('.recharts-bar') });
  await bars.locator('.recharts-bar-rectangle').last().hover();
  const barTip = bars.locator('.recharts-default-tooltip');
  await expect(barTip).toBeVisible();
  expect(await barTip.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(cardColor);
  // Today, as the axis under the bars names it ("Dec 6"), not "2026-12-06".
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  await expect(barTip.locator('.recharts-tooltip-label')).toHaveText(today);
  await context.close();
});

test('the admin promotes a member in place', async ({ page, request }) => {
  const member = await apiSignUp(request, 'Promoted Pam', uniqueEmail('pam'));
  await signInBrowserAs(page, admin);
  await page.goto('/dashboard/manage-users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await checkBothWidths(page, 'manage-users', async () => {
    await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  });

  await page.getByLabel('Search by name or email').fill(member.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(member.email) });
  await expect(row).toContainText('Client');
  await expect(row).toContainText('Bronze');
  await expect(page.getByRole('row')).toHaveCount(2);

  await row.getByRole('button', { name: 'Make Admin' }).click();
  const ask = page.getByRole('alertdialog', { name: `Make ${member.name} an admin?` });
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await ask.getByRole('button', { name: 'Make Admin' }).click();
  await expect(row.getByRole('button', { name: 'Make Admin' })).toBeDisabled();
  await expect(row).toContainText('Admin');
  const role = await request.get(`/api/users/role/${encodeURIComponent(member.email)}`, { headers: member.headers });
  expect(await role.json()).toEqual({ role: 'Admin' });

  // And back: Remove admin, after asking.
  await row.getByRole('button', { name: 'Remove admin' }).click();
  await page
    .getByRole('alertdialog', { name: `Remove ${member.name}'s admin role?` })
    .getByRole('button', { name: 'Remove admin' })
    .click();
  await expect(row.getByRole('button', { name: 'Make Admin' })).toBeEnabled();
  await expect(row).toContainText('Client');
  const back = await request.get(`/api/users/role/${encodeURIComponent(member.email)}`, { headers: member.headers });
  expect(await back.json()).toEqual({ role: 'Client' });
});

test('the admin bans a reported commenter', async ({ page, request, playwright }) => {
  const owner = await apiSignUp(request, 'Owner Otto');
  const troll = await apiSignUp(request, 'Troll Tom', uniqueEmail('troll'));
  const postId = await apiCreatePost(request, owner, { title: `Trolled post ${Date.now().toString(36)}`, category: 'react' });
  const text = `Rude words ${Date.now().toString(36)}`;
  expect((await request.post('/api/comment-data', { headers: troll.headers, data: { postId, comment: text } })).status()).toBe(200);
  const comments = (await (await request.get(`/api/post-comment-data/${postId}`, { headers: owner.headers })).json()) as { _id: string }[];
  const reported = await request.post('/api/reported-comment', {
    headers: owner.headers,
    data: { commentId: comments[0]!._id, ReportedComment: 'Abusive or disrespectful language' },
  });
  expect(reported.status()).toBe(200);

  await signInBrowserAs(page, admin);
  await page.goto('/dashboard/reported-comment');
  const row = page.getByRole('row', { name: new RegExp(troll.email) });
  await expect(row).toContainText(text);
  await expect(row).toContainText('Abusive or disrespectful language');
  await expect(row).toContainText(comments[0]!._id);
  await checkBothWidths(page, 'reported-comment', async () => {
    await expect(page.getByRole('row', { name: new RegExp(troll.email) })).toBeVisible();
  });

  await row.getByRole('button', { name: 'Ban User' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText("You won't be able to revert this!");
  await expect(confirm).toContainText('Ban Troll Tom?');
  // Enter on the opened dialog is the safe choice; the ban needs its own button.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  const done = page.getByRole('dialog', { name: 'Deleted!' });
  await expect(done).toContainText('The user and comment have been removed.');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('row', { name: new RegExp(troll.email) })).toHaveCount(0);

  // The banned member's session has ended and they can no longer sign in.
  const session = await request.get('/api/auth/get-session', { headers: troll.headers });
  expect(await session.json()).toBeNull();
  const fresh = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const signIn = await fresh.post('/api/auth/sign-in/email', { data: { email: troll.email, password: PASSWORD } });
  expect(signIn.status()).toBeGreaterThanOrEqual(400);
  expect(await signIn.text()).not.toContain('Origin');
  await fresh.dispose();
});

test('the admin publishes an announcement and the bell count rises', async ({ page }) => {
  await signInBrowserAs(page, admin);
  await page.goto('/dashboard/make-announcement');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Post' })).toBeVisible();
  // The tab names the page as the menu does; "Create Post" is its form's heading (SPEC.md §2).
  await expect(page).toHaveTitle('Make Announcement · Code Commons');
  await expect(page.getByLabel('Author Name')).toHaveValue('Admin Ada');
  await expect(page.getByLabel('Author Image URL')).toHaveAttribute('type', 'url');
  await checkBothWidths(page, 'make-announcement', async () => {
    await expect(page.getByRole('button', { name: 'Make Post' })).toBeVisible();
  });

  const badge = page.getByTestId('notification-badge');
  await expect(badge).toBeVisible();
  const before = Number(await badge.textContent());
  await page.getByLabel('Title').fill('Maintenance on Sunday');
  await page.getByLabel('Description').fill('The forum is read-only for an hour.');
  await page.getByRole('button', { name: 'Make Post' }).click();
  await expect(page.getByText('Successfully Announcement Added!')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(badge).toHaveText(String(before + 1));
});

test('the admin renames and deletes a tag, and edits and deletes an announcement', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const [from, to, spare] = [`old-${stamp}`, `new-${stamp}`, `spare-${stamp}`];
  await ensureTags(request, admin, [from, spare]);
  const postId = await apiCreatePost(request, admin, { title: `Tagged ${stamp}`, category: from });
  await signInBrowserAs(page, admin);
  await page.goto('/dashboard/admin-profile');

  const tags = page.getByRole('list', { name: 'Tags' });
  await page.getByRole('button', { name: `Rename ${from}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename "${from}"` });
  await rename.getByLabel('New name').fill(to);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(tags.getByText(to, { exact: true })).toBeVisible();
  const post = await (await request.get(`/api/post-data/${postId}`)).json();
  expect(post.category).toBe(to);

  await page.getByRole('button', { name: `Delete ${to}` }).click();
  const remove = page.getByRole('alertdialog', { name: `Delete "${to}"?` });
  await checkBothWidths(page, 'delete-tag-dialog', async () => {
    await expect(remove.getByText('1 post uses this tag. Choose the tag it moves to.')).toBeVisible();
    await expect(remove.getByLabel('Move its posts to')).toBeVisible();
  });
  await remove.getByLabel('Move its posts to').selectOption({ label: spare });
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(tags.getByText(to, { exact: true })).toHaveCount(0);
  expect((await (await request.get(`/api/post-data/${postId}`)).json()).category).toBe(spare);
  await checkBothWidths(page, 'manage-tags', async () => {
    await expect(page.getByRole('button', { name: `Rename ${spare}` })).toBeVisible();
  });

  await page.goto('/dashboard/make-announcement');
  await page.getByLabel('Title').fill(`Notice ${stamp}`);
  await page.getByLabel('Description').fill('First words.');
  await page.getByRole('button', { name: 'Make Post' }).click();
  await expect(page.getByText('Successfully Announcement Added!')).toBeVisible();
  const badge = page.getByTestId('notification-badge');
  const before = Number(await badge.textContent());

  await page.getByRole('button', { name: `Edit Notice ${stamp}` }).click();
  const edit = page.getByRole('form', { name: `Edit Notice ${stamp}` });
  await checkBothWidths(page, 'edit-announcement', async () => {
    await expect(edit.getByRole('button', { name: 'Save' })).toBeVisible();
  });
  await edit.getByLabel('Title').fill(`Changed ${stamp}`);
  await edit.getByRole('button', { name: 'Save' }).click();
  const list = page.getByRole('list', { name: 'Published announcements' });
  await expect(list.getByText(`Changed ${stamp}`)).toBeVisible();

  await page.getByRole('button', { name: `Delete Changed ${stamp}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(list.getByText(`Changed ${stamp}`)).toHaveCount(0);
  await expect(badge).toHaveText(String(before - 1));
});

test('the charts whose code the connection dropped wait for it in their place, and come with it', async ({ page, context, request }) => {
  const admin = await apiAdmin(request);
  await signInBrowserAs(page, admin);
  const letGo = await holdBack(page, /\/assets\/(totals-chart|posts-per-day-chart)-[^/]*\.js$/);
  await page.goto('/dashboard/admin-profile');
  await expect(page.getByText('Total Post', { exact: false }).first()).toBeVisible();
  await context.setOffline(true);
  await letGo();
  await expect(page.getByText('Site totals compared')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await expect(page.locator('.recharts-pie')).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByRole('img', { name: /Pie chart\. Total Posts: \d+/ })).toBeVisible();
  await expect(page.locator('.recharts-pie')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});
