import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from './axe.ts';
import { apiAdmin, apiCreatePost, apiSignUp, ensureTags, holdBack, ORIGIN, signInBrowserAs } from './helpers.ts';

// Small things a person trips over: the not-found pages are legible, the skip link and the
// toasts leave the top bar alone on a phone, and buttons keep their shape in forced colours.

async function seriousViolations(page: Page) {
  const violations = await new AxeBuilder(page).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

async function headerBottom(page: Page): Promise<number> {
  const box = await page.locator('header').first().boundingBox();
  return (box?.y ?? 0) + (box?.height ?? 0);
}

for (const width of [360, 1280]) {
  test(`the not-found pages pass axe at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'No Page Found' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await signInBrowserAs(page, await apiSignUp(request));
    await page.goto('/post-details/no-such-post');
    await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`the skip link shows below the top bar at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    // Once the app is on screen, the first Tab reaches the skip link.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    const box = await skip.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(await headerBottom(page));
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
}

test('a toast on a phone leaves the top bar uncovered', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/auth/sign-up');
  await page.getByLabel('Name').fill('Toast Reader');
  await page.getByLabel('Email').fill('toast-reader@example.test');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const toast = page
    .getByRole('alert')
    .filter({ hasText: /password/i })
    .last();
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  expect(box?.y).toBeGreaterThanOrEqual(await headerBottom(page));
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
});

test('with reduced motion a toast still stays its 5 seconds', async ({ page }) => {
  // react-toastify closes a toast when its timer bar's animation ends: shortening every
  // animation for reduced motion closed toasts before they could be read.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/auth/sign-up');
  await page.getByLabel('Name').fill('Still Reader');
  await page.getByLabel('Email').fill('still-reader@example.test');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const timer = page.getByRole('progressbar', { name: 'notification timer' }).first();
  await expect(timer).toBeAttached();
  expect(await timer.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('5s');
});

test('a toast on a phone leaves an open dialog’s title and buttons uncovered', async ({ page, request }) => {
  const admin = await apiAdmin(request);
  const tag = `toasted${Date.now().toString(36)}`;
  await ensureTags(request, admin, [tag]);
  const postId = await apiCreatePost(request, admin, { title: `Toast over a dialog ${tag}`, category: tag });
  const member = await apiSignUp(request, 'Second Thoughts');
  const res = await request.post('/api/comment-data', { headers: member.headers, data: { postId, comment: 'Said too soon.' } });
  expect(res.status(), await res.text()).toBe(200);

  // A small phone: the Add Comment dialog is nearly as tall as the screen.
  await page.setViewportSize({ width: 360, height: 640 });
  await signInBrowserAs(page, member);
  await page.goto(`/post-details/${postId}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Comment deleted' });
  // The pointer rests on the toast, which keeps it on screen; the keyboard opens the next dialog.
  await toast.hover();
  await page.getByRole('button', { name: 'Add Comment' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add a comment' });
  // The editor (its tabs and toolbar) has taken the stand-in textarea's place: the dialog is full height.
  await expect(dialog.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  await expect(toast).toBeVisible();

  const toastBox = (await toast.boundingBox())!;
  for (const part of [
    dialog.getByRole('heading', { name: 'Add a comment' }),
    dialog.getByRole('button', { name: 'Cancel' }),
    dialog.getByRole('button', { name: 'Submit' }),
  ]) {
    const box = (await part.boundingBox())!;
    const overlaps =
      box.x < toastBox.x + toastBox.width &&
      toastBox.x < box.x + box.width &&
      box.y < toastBox.y + toastBox.height &&
      toastBox.y < box.y + box.height;
    expect(overlaps, `${await part.textContent()} under the toast`).toBe(false);
  }
  // The whole dialog is on screen, below the toast.
  const dialogBox = (await dialog.boundingBox())!;
  expect(dialogBox.y).toBeGreaterThanOrEqual(toastBox.y + toastBox.height);
  expect(dialogBox.y + dialogBox.height).toBeLessThanOrEqual(640);
});

test('filled buttons keep a visible border in forced-colors mode', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto('/');
  const search = page.getByRole('button', { name: 'Search', exact: true });
  await expect(search).toBeVisible();
  const border = await search.evaluate((el) => {
    const style = getComputedStyle(el);
    return { width: style.borderTopWidth, style: style.borderTopStyle };
  });
  expect(border).toEqual({ width: '1px', style: 'solid' });
});

test('back on home right after voting and commenting, the post’s card shows the new counts', async ({ page, request }) => {
  const admin = await apiAdmin(request);
  const tag = `fresh${Date.now().toString(36)}`;
  await ensureTags(request, admin, [tag]);
  const title = `Counts come home ${tag}`;
  await apiCreatePost(request, admin, { title, category: tag });
  await signInBrowserAs(page, await apiSignUp(request, 'Counting Reader'));

  // Home as the server renders it (its list is fresh for a while), then the post and back.
  await page.goto('/');
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card).toContainText('0 upvotes');
  await expect(card).toContainText('0 comments');
  // The server's markup has been hydrated (React has claimed the link), so the card opens in the app.
  await expect
    .poll(() => card.getByRole('link', { name: title }).evaluate((link) => Object.keys(link).some((key) => key.startsWith('__react'))))
    .toBe(true);
  await card.getByRole('link', { name: title }).click();
  await page.getByRole('button', { name: 'Upvote' }).click();
  await expect(page.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Add Comment' }).click();
  await page.getByRole('textbox', { name: 'Comment' }).fill('Counted on the way home.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thanks! Your comment is live')).toBeVisible();
  await expect(page.getByText('Counted on the way home.')).toBeVisible();

  await page.goBack();
  await expect(card).toContainText('1 upvotes');
  await expect(card).toContainText('1 comments');
});

test('a double click on Create Post writes the post once', async ({ page, request }) => {
  const admin = await apiAdmin(request);
  const tag = `twice${Date.now().toString(36)}`;
  await ensureTags(request, admin, [tag]);
  await signInBrowserAs(page, await apiSignUp(request, 'Double Clicker'));
  // A slow answer, as on a poor connection: the second click lands while the first is on its way.
  let sent = 0;
  await page.route('**/api/post-data', async (route) => {
    if (route.request().method() === 'POST') {
      sent += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await route.continue();
  });

  await page.goto('/dashboard/add-post');
  await page.getByLabel('Title').fill(`Written once ${tag}`);
  await page.getByRole('textbox', { name: 'Description' }).fill('One click too many.');
  await page.getByRole('combobox', { name: 'Tag' }).selectOption(tag);
  await page.getByRole('button', { name: 'Create Post' }).dblclick();

  await expect(page).toHaveURL(/\/dashboard\/my-post$/);
  await expect(page.getByRole('link', { name: `Written once ${tag}` })).toHaveCount(1);
  expect(sent).toBe(1);
});

test('a double click on “Yes, delete it!” deletes the post once and says so', async ({ page, request }) => {
  const admin = await apiAdmin(request);
  const tag = `gone${Date.now().toString(36)}`;
  await ensureTags(request, admin, [tag]);
  const author = await apiSignUp(request, 'Double Deleter');
  const title = `Deleted once ${tag}`;
  await apiCreatePost(request, author, { title, category: tag });
  await signInBrowserAs(page, author);
  let sent = 0;
  await page.route('**/api/post-delete/*', async (route) => {
    sent += 1;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });

  await page.goto('/dashboard/my-post');
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes, delete it!' }).dblclick();

  await expect(page.getByRole('dialog', { name: 'Deleted!' })).toBeVisible();
  await expect(page.getByText('Error!')).toHaveCount(0);
  expect(sent).toBe(1);
});

test('a double click on “Report To Admin” reports the comment once, without an error', async ({ page, request }) => {
  const admin = await apiAdmin(request);
  const tag = `report${Date.now().toString(36)}`;
  await ensureTags(request, admin, [tag]);
  const owner = await apiSignUp(request, 'Post Owner');
  const postId = await apiCreatePost(request, owner, { title: `Reported once ${tag}`, category: tag });
  const commenter = await apiSignUp(request, 'Loud Commenter');
  const comment = await request.post('/api/comment-data', { headers: commenter.headers, data: { postId, comment: 'Buy my stuff' } });
  expect(comment.status()).toBe(200);
  await signInBrowserAs(page, owner);
  let sent = 0;
  await page.route('**/api/reported-comment', async (route) => {
    if (route.request().method() === 'POST') {
      sent += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await route.continue();
  });

  await page.goto(`/dashboard/my-post/comment-details/${postId}`);
  await page.getByLabel('Feedback').selectOption('Spam or promotional content');
  await page.getByRole('button', { name: 'Report To Admin' }).dblclick();

  await expect(page.getByText('The comment has been reported to the admin.')).toBeVisible();
  await expect(page.getByText('Reported', { exact: true })).toBeVisible();
  await expect(page.getByText('This comment has already been reported.')).toHaveCount(0);
  expect(sent).toBe(1);
});

test('a comment sent while offline says it failed, and Try again keeps the text', async ({ page, context, request }) => {
  const admin = await apiAdmin(request);
  const tag = `offline${Date.now().toString(36)}`;
  await ensureTags(request, admin, [tag]);
  const postId = await apiCreatePost(request, admin, { title: `Offline ${tag}`, category: tag });
  await signInBrowserAs(page, await apiSignUp(request, 'Train Commuter'));
  await page.goto(`/post-details/${postId}`);
  await page.getByRole('button', { name: 'Add Comment' }).click();
  await page.getByRole('textbox', { name: 'Comment' }).fill('Written in a tunnel.');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit' }).click();
  const failed = page.getByRole('alertdialog', { name: 'Failed to post comment' });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('Could not reach the server. Check your connection and try again.');

  await context.setOffline(false);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveValue('Written in a tunnel.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thanks! Your comment is live')).toBeVisible();
});

test('the editor’s code lost to a dropped connection leaves the comment’s text and form working, and comes with the connection', async ({
  page,
  context,
  request,
}) => {
  const admin = await apiAdmin(request);
  const tag = `noeditor${Date.now().toString(36)}`;
  await ensureTags(request, admin, [tag]);
  const postId = await apiCreatePost(request, admin, { title: `No editor ${tag}`, category: tag });
  await signInBrowserAs(page, await apiSignUp(request, 'Tunnel Writer'));
  // The editor's code is still on its way when the connection drops.
  const letGo = await holdBack(page, /\/markdown-editor-[^/]*\.js$/);
  await page.goto(`/post-details/${postId}`);
  await page.getByRole('button', { name: 'Add Comment' }).click();
  await page.getByRole('textbox', { name: 'Comment' }).fill('Written before the tunnel.');
  await context.setOffline(true);
  await letGo();

  // The stand-in keeps the text and the form sends it: the failure is the request's, not the page's.
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveValue('Written before the tunnel.');
  await page.getByRole('button', { name: 'Submit' }).click();
  const failed = page.getByRole('alertdialog', { name: 'Failed to post comment' });
  await expect(failed).toContainText('Could not reach the server. Check your connection and try again.');

  await context.setOffline(false);
  await failed.getByRole('button', { name: 'Try again' }).click();
  // Back online, the editor itself comes, with the text.
  await expect(page.getByRole('tab', { name: 'Preview' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveValue('Written before the tunnel.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thanks! Your comment is live')).toBeVisible();
});

test('a first toast or Share wanted while offline leaves the page as it is, and both come with the connection', async ({
  page,
  context,
  request,
}) => {
  const admin = await apiAdmin(request);
  const tag = `notoast${Date.now().toString(36)}`;
  await ensureTags(request, admin, [tag]);
  const title = `Shared from a tunnel ${tag}`;
  await apiCreatePost(request, admin, { title, category: tag });
  await signInBrowserAs(page, await apiSignUp(request, 'Offline Reader'));

  // The toasts' code is fetched on the first toast, which here is a failure while offline.
  await page.goto('/dashboard/my-profile#notification-settings');
  const box = page.getByRole('checkbox').first();
  const before = await box.isChecked();
  await context.setOffline(true);
  await box.click();
  await expect(box).toBeChecked({ checked: before });
  await expect(page.getByRole('heading', { name: 'Email notifications' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);

  await context.setOffline(false);
  await box.click();
  await expect(page.getByText('Notification settings saved.')).toBeVisible();
  await expect(box).toBeChecked({ checked: !before });

  // Share on home: the dialog's code is not here yet when the connection drops.
  await page.goto(`/?search=${tag}`);
  const card = page.getByRole('article').filter({ hasText: title });
  const shareButton = card.getByRole('button', { name: 'Share' });
  // React has claimed the server's markup of the card's button.
  await expect.poll(() => shareButton.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps')))).toBe(true);
  await context.setOffline(true);
  await shareButton.click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await expect(card).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('dialog', { name: 'Share this post' })).toBeVisible();
});

test('leaving a comment’s editor by keyboard puts the focus back on its Edit button', async ({ page, request }) => {
  const admin = await apiAdmin(request);
  const tag = `refocus${Date.now().toString(36)}`;
  await ensureTags(request, admin, [tag]);
  const postId = await apiCreatePost(request, admin, { title: `Refocus ${tag}`, category: tag });
  const writer = await apiSignUp(request, 'Keyboard Writer');
  const comment = await request.post('/api/comment-data', { headers: writer.headers, data: { postId, comment: 'First thought' } });
  expect(comment.status()).toBe(200);
  await signInBrowserAs(page, writer);
  await page.goto(`/post-details/${postId}`);
  const item = page.getByRole('listitem').filter({ hasText: 'Keyboard Writer' });
  const edit = item.getByRole('button', { name: 'Edit', exact: true });

  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Comment' })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(edit).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+End');
  await page.keyboard.type(', second thought');
  await page.getByRole('button', { name: 'Save' }).focus();
  await page.keyboard.press('Enter');
  await expect(item).toContainText('First thought, second thought');
  await expect(edit).toBeFocused();
});

test('bringing in new posts by keyboard leaves the focus on the list’s heading', async ({ page, request }) => {
  const admin = await apiAdmin(request);
  const tag = `arrive${Date.now().toString(36)}`;
  await ensureTags(request, admin, [tag]);
  const firstId = await apiCreatePost(request, admin, { title: `Already here ${tag}`, category: tag });
  await signInBrowserAs(page, await apiSignUp(request, 'Live Reader'));
  await page.goto(`/post-details/${firstId}`);
  const stream = page.waitForResponse((response) => /\/api\/events(\?lastEventId=[\d-]+)?$/.test(response.url()));
  await page.getByRole('link', { name: 'All posts' }).click();
  await expect(page.getByRole('link', { name: `Already here ${tag}` })).toBeVisible();
  await stream;
  await apiCreatePost(request, admin, { title: `Arrived ${tag}`, category: tag });

  const button = page.getByRole('button', { name: '1 new post' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: `Arrived ${tag}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest posts' })).toBeFocused();
});

for (const width of [360, 1280]) {
  test(`the “1 new post” button at ${width} px moves nothing on home, and stays in sight while the list scrolls`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const admin = await apiAdmin(request);
    const tag = `still${Date.now().toString(36)}`;
    await ensureTags(request, admin, [tag]);
    // A list long enough to scroll past its heading.
    for (const n of [1, 2, 3]) await apiCreatePost(request, admin, { title: `Earlier ${n} ${tag}`, category: tag });
    const firstId = await apiCreatePost(request, admin, { title: `Under the eyes ${tag}`, category: tag });
    await signInBrowserAs(page, await apiSignUp(request, 'Still Reader'));
    await page.goto(`/post-details/${firstId}`);
    const stream = page.waitForResponse((response) => /\/api\/events(\?lastEventId=[\d-]+)?$/.test(response.url()));
    await page.getByRole('link', { name: 'All posts' }).click();
    const read = page.getByRole('link', { name: `Under the eyes ${tag}` });
    await expect(read).toBeVisible();
    await stream;
    const before = await read.boundingBox();

    await apiCreatePost(request, admin, { title: `Arrived meanwhile ${tag}`, category: tag });
    const button = page.getByRole('button', { name: '1 new post' });
    await expect(button).toBeVisible();
    expect(await read.boundingBox()).toEqual(before);

    // Read further down the list, past its heading: the button is still there to see, under the
    // top bar. (Down to a post of the list, not the page's end: at 1280 px the announcements
    // beside the list may run on below it, and the button stays with the list.)
    await page.setViewportSize({ width, height: 400 });
    await page.getByRole('link', { name: `Earlier 1 ${tag}` }).evaluate((link) => link.scrollIntoView({ block: 'end' }));
    await expect(page.getByRole('heading', { name: 'Latest posts' })).not.toBeInViewport();
    await expect(button).toBeInViewport();
    const bar = await page.locator('header').first().boundingBox();
    expect((await button.boundingBox())!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
  });
}

test('changing a notification setting by keyboard leaves the focus on its box', async ({ page, request }) => {
  await signInBrowserAs(page, await apiSignUp(request, 'Quiet Member'));
  await page.goto('/dashboard/my-profile');
  const box = page.getByRole('checkbox', { name: 'Email me when someone comments on my post' });
  await expect(box).toBeChecked();
  await box.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Notification settings saved.')).toBeVisible();
  await expect(box).not.toBeChecked();
  await expect(box).toBeFocused();
  // And the next key goes on from there.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'Email me when someone replies after me' })).toBeFocused();
});

test('“Mark all as read” by keyboard puts the focus on the Notifications heading once nothing is left to mark', async ({
  page,
  request,
}) => {
  const admin = await apiAdmin(request);
  const tag = `inbox${Date.now().toString(36)}`;
  await ensureTags(request, admin, [tag]);
  const reader = await apiSignUp(request, 'Inbox Reader');
  const postId = await apiCreatePost(request, reader, { title: `Answer me ${tag}`, category: tag });
  const res = await request.post('/api/comment-data', {
    headers: { ...admin.headers, origin: ORIGIN },
    data: { postId, comment: 'Here you go' },
  });
  expect(res.status()).toBe(200);

  await signInBrowserAs(page, reader);
  await page.goto('/notifications');
  await expect(page.getByText('Unread', { exact: true })).toBeVisible();
  const button = page.getByRole('button', { name: 'Mark all as read' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Unread', { exact: true })).toHaveCount(0);
  await expect(button).toBeDisabled();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeFocused();
});

test('dismissing a report by keyboard puts the focus on the next report’s Dismiss', async ({ page, request }) => {
  const admin = await apiAdmin(request);
  const tag = `queue${Date.now().toString(36)}`;
  await ensureTags(request, admin, [tag]);
  const owner = await apiSignUp(request, 'Queue Owner');
  const rude = await apiSignUp(request, 'Queue Rude');
  const postId = await apiCreatePost(request, owner, { title: `Queued ${tag}`, category: tag });
  for (const comment of [`First rude ${tag}`, `Second rude ${tag}`]) {
    expect((await request.post('/api/comment-data', { headers: rude.headers, data: { postId, comment } })).status()).toBe(200);
  }
  const comments = (await (await request.get(`/api/post-comment-data/${postId}`, { headers: owner.headers })).json()) as { _id: string }[];
  for (const { _id } of comments) {
    const res = await request.post('/api/reported-comment', {
      headers: owner.headers,
      data: { commentId: _id, ReportedComment: 'Spam or promotional content' },
    });
    expect(res.status()).toBe(200);
  }

  await signInBrowserAs(page, admin);
  await page.goto('/dashboard/reported-comment');
  const first = page.getByRole('row', { name: new RegExp(`First rude ${tag}`) });
  await first.getByRole('button', { name: 'Dismiss' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Dismiss' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(first).toHaveCount(0);
  await expect(page.locator(':focus')).toHaveText('Dismiss');
  await expect(page.locator(':focus')).toHaveAttribute('type', 'button');
  await expect(dialog).toHaveCount(0);
});

test('a refused sign-in leaves the focus on the form', async ({ page, request }) => {
  const member = await apiSignUp(request, 'Forgetful Finger');
  await page.goto('/auth/sign-in');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
  const button = page.getByRole('button', { name: 'Sign In' });
  await button.click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(button).toBeFocused();
});

test('asking for a reset link puts the focus on the confirmation', async ({ page }) => {
  await page.goto('/auth/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  await page.getByLabel('Email').fill('nobody-here@codecommons.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const sent = page.getByText('If an account exists for that email, we sent a link to reset its password.');
  await expect(sent).toBeVisible();
  await expect(sent).toBeFocused();
});

test('a search from the top bar puts the focus on the results', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Until the page has hydrated, "/" is not yet the shortcut.
  await expect(async () => {
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search posts' })).toBeFocused({ timeout: 500 });
  }).toPass();
  await page.keyboard.type('welcome');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeFocused();
});

test('publishing an announcement puts the focus back on its Title', async ({ page, request }) => {
  await signInBrowserAs(page, await apiAdmin(request));
  await page.goto('/dashboard/make-announcement');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Post' })).toBeVisible();
  await page.getByLabel('Title').fill('Focus after publishing');
  await page.getByLabel('Description').fill('The form starts over.');
  await page.getByRole('button', { name: 'Make Post' }).click();
  await expect(page.getByText('Successfully Announcement Added!')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByLabel('Title')).toBeFocused();
});

test('deleting a comment puts the focus on the next comment’s control', async ({ page, request }) => {
  const admin = await apiAdmin(request);
  const tag = `unfocus${Date.now().toString(36)}`;
  await ensureTags(request, admin, [tag]);
  const postId = await apiCreatePost(request, admin, { title: `Delete focus ${tag}`, category: tag });
  for (const comment of ['First to go', 'Second stays']) {
    const res = await request.post('/api/comment-data', { headers: admin.headers, data: { postId, comment } });
    expect(res.status()).toBe(200);
  }
  await signInBrowserAs(page, admin);
  await page.goto(`/post-details/${postId}`);
  const first = page.getByRole('listitem').filter({ hasText: 'First to go' });
  await first.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('First to go')).toHaveCount(0);
  const second = page.getByRole('listitem').filter({ hasText: 'Second stays' });
  await expect(second.getByRole('button', { name: 'Edit', exact: true })).toBeFocused();
});

test('paging home while offline says the browser is offline, and the page comes once it is back', async ({ page, context, request }) => {
  const admin = await apiAdmin(request);
  const tag = `tunnel${Date.now().toString(36)}`;
  await ensureTags(request, admin, [tag]);
  // Bronze members write up to five posts each: two members write the six.
  const writers = [await apiSignUp(request), await apiSignUp(request)];
  for (let i = 1; i <= 6; i += 1) await apiCreatePost(request, writers[i % 2]!, { title: `Tunnel post ${i} ${tag}`, category: tag });
  await page.goto(`/?search=${tag}&limit=5`);
  const newest = page.getByRole('link', { name: `Tunnel post 6 ${tag}` });
  // Hydrated (React has claimed the server's markup), so the app's code is all loaded.
  await expect.poll(() => newest.evaluate((link) => Object.keys(link).some((key) => key.startsWith('__react')))).toBe(true);
  const notice = page.getByText('You are offline. Pages will load again when the connection is back.');
  await expect(notice).toBeHidden();

  await context.setOffline(true);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(notice).toBeVisible();

  await context.setOffline(false);
  await expect(notice).toBeHidden();
  await expect(page.getByRole('link', { name: `Tunnel post 1 ${tag}` })).toBeVisible();
});

test('a page whose code is not here yet when the connection drops waits for it, instead of the error page', async ({
  page,
  context,
  request,
}) => {
  await signInBrowserAs(page, await apiSignUp(request, 'Waiting Reader'));
  await page.goto('/');
  const membership = page.getByRole('link', { name: 'Membership', exact: true });
  // Hydrated, so the link opens the page in the app, whose code is fetched then.
  await expect.poll(() => membership.evaluate((link) => Object.keys(link).some((key) => key.startsWith('__react')))).toBe(true);

  await context.setOffline(true);
  await membership.click();
  await expect(page.getByText('You are offline. Pages will load again when the connection is back.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/membership$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/membership/i);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});

test('a page the connection drops from as it loads stays as the server sent it, and comes alive once it is back', async ({
  page,
  context,
}) => {
  // The app's code is still on its way when the connection drops.
  const letGo = await holdBack(page, /\/assets\/boot-[^/]*\.js$/);
  await page.goto('/');
  await context.setOffline(true);
  await letGo();
  const themeButton = page.getByRole('button', { name: /mode$/ });
  const live = () => themeButton.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps')));
  await expect(page.getByRole('heading', { name: 'Latest posts' })).toBeVisible();
  expect(await live()).toBe(false);

  await context.setOffline(false);
  await expect.poll(live).toBe(true);
  await expect(page.getByRole('heading', { name: 'Latest posts' })).toBeVisible();
});

test('following a link by keyboard puts the focus on the new page’s heading', async ({ page }) => {
  await page.goto('/no-such-page');
  const back = page.getByRole('link', { name: 'Back To Home' });
  await expect(back).toBeVisible();
  // Until the link has hydrated, it is followed as a plain page load.
  await expect.poll(() => back.evaluate((link) => Object.keys(link).some((key) => key.startsWith('__reactProps')))).toBe(true);
  await back.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Code Commons' })).toBeFocused();
});
