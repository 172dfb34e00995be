// Live updates in two browsers at once (API.md "Live updates"): what member A (or an admin) does
// appears on member B's open pages without a reload.
import { expect, test, type Browser } from '@playwright/test';
import { apiAdmin, apiCreatePost, apiSignUp, ensureTags, ORIGIN, signInBrowserAs, type ApiMember } from './helpers.ts';

async function signedInPage(browser: Browser, member: ApiMember) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInBrowserAs(page, member);
  return { context, page };
}

test('a comment and a vote from member A appear on member B’s open post page; home offers B the new post', async ({ browser, request }) => {
  const admin = await apiAdmin(request);
  await ensureTags(request, admin, ['live']);
  const [a, b] = [await apiSignUp(request, 'Ada Live'), await apiSignUp(request, 'Bo Live')];
  const postId = await apiCreatePost(request, a, { title: 'Talk to me live', category: 'live' });

  const ada = await signedInPage(browser, a);
  const bo = await signedInPage(browser, b);
  try {
    // B opens the post page and waits for its stream to carry the post's events.
    const streamFor = (id: string) => (response: { url(): string }) => response.url().includes(`/api/events?post=${id}`);
    const subscribed = bo.page.waitForResponse(streamFor(postId));
    await bo.page.goto(`/post-details/${postId}`);
    await expect(bo.page.getByRole('heading', { name: 'Talk to me live' })).toBeVisible();
    await subscribed;
    await expect(bo.page.getByText('No comments yet. Start the discussion!')).toBeVisible();

    await ada.page.goto(`/post-details/${postId}`);
    await ada.page.getByRole('button', { name: 'Add Comment' }).click();
    const form = ada.page.getByRole('dialog', { name: 'Add a comment' });
    await form.getByLabel('Comment').fill('Hello from Ada, live');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(ada.page.getByRole('dialog', { name: 'Thanks! Your comment is live' })).toBeVisible();

    const comments = bo.page.getByRole('region', { name: /Comments/ });
    await expect(comments.getByText('Hello from Ada, live')).toBeVisible();
    await expect(comments.getByRole('heading', { name: 'Comments 1' })).toBeVisible();
    // Ada's own page shows her comment once.
    await expect(ada.page.getByText('Hello from Ada, live')).toHaveCount(1);

    await ada.page.getByRole('button', { name: 'Upvote' }).click();
    await expect(bo.page.getByRole('button', { name: 'Upvote' })).toHaveAccessibleDescription('1 upvote');
    await expect(bo.page.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'false');

    // Home: a new post waits behind a button instead of shifting the list.
    const homeStream = bo.page.waitForResponse((response) => /\/api\/events(\?lastEventId=[\d-]+)?$/.test(response.url()));
    await bo.page.getByRole('link', { name: 'All posts' }).click();
    await expect(bo.page.getByRole('link', { name: 'Talk to me live' })).toBeVisible();
    await homeStream;
    await apiCreatePost(request, a, { title: 'Fresh off the press', category: 'live' });
    const button = bo.page.getByRole('button', { name: '1 new post' });
    await expect(button).toBeVisible();
    await expect(bo.page.getByRole('link', { name: 'Fresh off the press' })).toHaveCount(0);
    await button.click();
    await expect(bo.page.getByRole('link', { name: 'Fresh off the press' })).toBeVisible();
    await expect(button).toHaveCount(0);
  } finally {
    await ada.context.close();
    await bo.context.close();
  }
});

test('member A’s edit and removal of a comment, and edit of the post, follow on member B’s open post page', async ({
  browser,
  request,
}) => {
  const admin = await apiAdmin(request);
  await ensureTags(request, admin, ['live']);
  const [a, b] = [await apiSignUp(request, 'Ada Edits'), await apiSignUp(request, 'Bo Reads')];
  const postId = await apiCreatePost(request, a, { title: 'Edited while you read', category: 'live' });
  for (const comment of ['A first thought', 'A second thought']) {
    const res = await request.post('/api/comment-data', { headers: { ...a.headers, origin: ORIGIN }, data: { postId, comment } });
    expect(res.status(), await res.text()).toBe(200);
  }

  const ada = await signedInPage(browser, a);
  const bo = await signedInPage(browser, b);
  try {
    const subscribed = bo.page.waitForResponse((response) => response.url().includes(`/api/events?post=${postId}`));
    await bo.page.goto(`/post-details/${postId}`);
    await subscribed;
    const boComments = bo.page.getByRole('region', { name: /Comments/ });
    await expect(boComments.getByText('A second thought')).toBeVisible();
    await expect(boComments.getByRole('heading', { name: 'Comments 2' })).toBeVisible();

    await ada.page.goto(`/post-details/${postId}`);
    const adaComment = (text: string) => ada.page.getByRole('listitem').filter({ hasText: text });
    await adaComment('A first thought').getByRole('button', { name: 'Edit' }).click();
    const form = ada.page.getByRole('form', { name: 'Edit comment' });
    await form.getByLabel('Comment').fill('A first thought, **put better**');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toHaveCount(0);

    const edited = boComments.getByRole('listitem').filter({ hasText: 'A first thought, put better' });
    await expect(edited.getByText('put better', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
    await expect(edited.getByRole('button', { name: 'edited' })).toBeVisible();

    await adaComment('A second thought').getByRole('button', { name: 'Delete' }).click();
    await ada.page.getByRole('alertdialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(boComments.getByText('A second thought')).toHaveCount(0);
    await expect(boComments.getByRole('heading', { name: 'Comments 1' })).toBeVisible();

    await ada.page.getByRole('article').getByRole('button', { name: 'Edit' }).click();
    const dialog = ada.page.getByRole('dialog', { name: 'Edit post' });
    await dialog.getByLabel('Title').fill('Edited, and read live');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(bo.page.getByRole('heading', { level: 1, name: 'Edited, and read live' })).toBeVisible();
    await expect(bo.page.getByRole('article').getByRole('button', { name: 'edited' })).toBeVisible();
  } finally {
    await ada.context.close();
    await bo.context.close();
  }
});

test('an admin’s edit and removal of an announcement follow on a member’s open home page: its title, the bell’s count, the Inbox count', async ({
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const admin = await apiAdmin(request, 'Admin Announces');
  // A member before it is published: it notifies them.
  const member = await apiSignUp(request, 'Mo Listens');
  const published = await request.post('/api/announcement-data', {
    headers: { ...admin.headers, origin: ORIGIN },
    data: { title: `Maintenance ${stamp}`, description: 'On Sunday.' },
  });
  expect(published.status(), await published.text()).toBe(200);

  const mo = await signedInPage(browser, member);
  const ada = await signedInPage(browser, admin);
  try {
    const homeStream = mo.page.waitForResponse((response) => /\/api\/events(\?lastEventId=[\d-]+)?$/.test(response.url()));
    await mo.page.goto('/');
    const column = mo.page.getByRole('region', { name: 'Announcements' });
    await expect(column.getByRole('heading', { name: `Maintenance ${stamp}` })).toBeVisible();
    await homeStream;
    const bell = mo.page.getByTestId('notification-badge');
    await expect(bell).toBeVisible();
    const before = Number(await bell.textContent());
    const inbox = mo.page.getByRole('link', { name: 'Inbox', exact: true });
    await expect(inbox).toHaveAccessibleDescription('1 unread notification');

    await ada.page.goto('/dashboard/make-announcement');
    await ada.page.getByRole('button', { name: `Edit Maintenance ${stamp}` }).click();
    const edit = ada.page.getByRole('form', { name: `Edit Maintenance ${stamp}` });
    await edit.getByLabel('Title').fill(`Moved ${stamp}`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(column.getByRole('heading', { name: `Moved ${stamp}` })).toBeVisible();
    await expect(column.getByRole('heading', { name: `Maintenance ${stamp}` })).toHaveCount(0);

    await ada.page.getByRole('button', { name: `Delete Moved ${stamp}` }).click();
    await ada.page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete it!' }).click();
    // Without a reload: the bell falls, the announcement goes, and so does Mo's notification of it.
    await expect(bell).toHaveText(String(before - 1));
    await expect(column.getByRole('heading', { name: `Moved ${stamp}` })).toHaveCount(0);
    await expect(inbox).toHaveAccessibleDescription('0 unread notifications');
  } finally {
    await mo.context.close();
    await ada.context.close();
  }
});
