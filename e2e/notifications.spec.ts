import { expect, test, type APIRequestContext } from '@playwright/test';
import AxeBuilder from './axe.ts';
import { apiAdmin, apiCreatePost, apiSignUp, ensureTags, mailsTo, ORIGIN, signInBrowserAs } from './helpers.ts';

/** Ada and Bob, new members, and a post of Ada's (titled `{title} {stamp}`) for Bob to comment on. */
async function adaBobAndAdasPost(request: APIRequestContext, names: string, title: string) {
  const admin = await apiAdmin(request);
  await ensureTags(request, admin, ['notices']);
  const stamp = Date.now().toString(36);
  const ada = await apiSignUp(request, `Ada ${names}${stamp}`);
  const bob = await apiSignUp(request, `Bob ${names}${stamp}`);
  const postId = await apiCreatePost(request, ada, { title: `${title} ${stamp}`, category: 'notices' });
  return { stamp, ada, bob, postId };
}

test.describe('Notifications', () => {
  test('a member hears of a comment on their post in the Inbox, follows it to the comment, and marks all read', async ({
    browser,
    request,
  }) => {
    const { stamp, ada, bob, postId } = await adaBobAndAdasPost(request, '', 'Inbox post');

    // Ada is signed in, nothing unread yet.
    const adaContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const adaPage = await adaContext.newPage();
    await signInBrowserAs(adaPage, ada);
    const inbox = adaPage.getByRole('link', { name: 'Inbox', exact: true });
    await expect(inbox).toHaveAccessibleDescription('0 unread notifications');
    // She reads her post; its stream (hers, signed in) is open before Bob writes.
    const subscribed = adaPage.waitForResponse((response) => response.url().includes(`/api/events?post=${postId}`));
    await adaPage.goto(`/post-details/${postId}`);
    await subscribed;

    // Bob comments on Ada's post, in his own browser.
    const bobContext = await browser.newContext();
    const bobPage = await bobContext.newPage();
    await signInBrowserAs(bobPage, bob);
    await bobPage.goto(`/post-details/${postId}`);
    await bobPage.getByRole('button', { name: 'Add Comment' }).click();
    const form = bobPage.getByRole('dialog', { name: 'Add a comment' });
    await form.getByLabel('Comment').fill('Have you tried **fake timers**?');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(bobPage.getByRole('dialog', { name: 'Thanks! Your comment is live' })).toBeVisible();
    await bobContext.close();

    // Without a reload, the comment appears on Ada's page and her Inbox count rises.
    await expect(adaPage.getByText('Have you tried fake timers?')).toBeVisible();
    await expect(inbox).toHaveAccessibleDescription('1 unread notification');
    await expect(adaPage.getByTestId('inbox-badge')).toHaveText('1');
    await inbox.click();
    await expect(adaPage).toHaveURL(/\/notifications$/);
    await expect(adaPage.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const item = adaPage.getByRole('link', { name: new RegExp(`Bob ${stamp} commented on your post`) });
    await expect(item).toContainText('Have you tried fake timers?');
    await expect(item).toContainText('Unread');

    // Following it opens the comment on the post, and reads it.
    await item.click();
    await expect(adaPage).toHaveURL(new RegExp(`/post-details/${postId}#comment-`));
    const commentId = decodeURIComponent(new URL(adaPage.url()).hash.slice(1));
    await expect(adaPage.locator(`[id="${commentId}"]`)).toContainText('Have you tried fake timers?');
    await expect(inbox).toHaveAccessibleDescription('0 unread notifications');

    // Another comment, then "Mark all as read" clears the count.
    const again = await request.post('/api/comment-data', {
      headers: { ...bob.headers, origin: ORIGIN },
      data: { postId, comment: 'One more thing.' },
    });
    expect(again.status()).toBe(200);
    await adaPage.goto('/notifications');
    await expect(inbox).toHaveAccessibleDescription('1 unread notification');
    await adaPage.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(inbox).toHaveAccessibleDescription('0 unread notifications');
    await expect(adaPage.getByTestId('inbox-badge')).toHaveCount(0);
    await expect(adaPage.getByText('Unread', { exact: true })).toHaveCount(0);
    await adaContext.close();
  });

  test('what one tab reads, the member’s other tabs stop counting at once', async ({ browser, request }) => {
    const { ada, bob, postId } = await adaBobAndAdasPost(request, 'tabs ', 'Tabs post');

    const context = await browser.newContext();
    const [first, second] = [await context.newPage(), await context.newPage()];
    await signInBrowserAs(first, ada);
    await second.goto('/');
    const inboxOf = (page: typeof first) => page.getByRole('link', { name: 'Inbox', exact: true });
    for (const page of [first, second]) await expect(inboxOf(page)).toHaveAccessibleDescription('0 unread notifications');

    const comment = await request.post('/api/comment-data', {
      headers: { ...bob.headers, origin: ORIGIN },
      data: { postId, comment: 'Seen in two tabs.' },
    });
    expect(comment.status()).toBe(200);
    for (const page of [first, second]) await expect(inboxOf(page)).toHaveAccessibleDescription('1 unread notification');

    await first.goto('/notifications');
    await first.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(inboxOf(first)).toHaveAccessibleDescription('0 unread notifications');
    // The other tab was neither focused nor reloaded.
    await expect(inboxOf(second)).toHaveAccessibleDescription('0 unread notifications');
    await context.close();
  });

  test('what the member reads on another device, or a deleted comment takes, the open page stops counting', async ({
    browser,
    request,
  }) => {
    const { ada, bob, postId } = await adaBobAndAdasPost(request, 'devices ', 'Devices post');

    const context = await browser.newContext();
    const page = await context.newPage();
    await signInBrowserAs(page, ada);
    const inbox = page.getByRole('link', { name: 'Inbox', exact: true });
    await expect(inbox).toHaveAccessibleDescription('0 unread notifications');

    const comment = (text: string) =>
      request.post('/api/comment-data', { headers: { ...bob.headers, origin: ORIGIN }, data: { postId, comment: text } });
    expect((await comment('Read elsewhere.')).status()).toBe(200);
    await expect(inbox).toHaveAccessibleDescription('1 unread notification');
    // Ada's other device (her API session) reads everything.
    const readAll = await request.post('/api/notifications/read-all', { headers: { ...ada.headers, origin: ORIGIN } });
    expect(readAll.status()).toBe(200);
    await expect(inbox).toHaveAccessibleDescription('0 unread notifications');

    const second = await comment('Soon deleted.');
    expect(second.status()).toBe(200);
    await expect(inbox).toHaveAccessibleDescription('1 unread notification');
    const { insertedId } = (await second.json()) as { insertedId: string };
    const deleted = await request.delete(`/api/comment-data/${insertedId}`, { headers: { ...bob.headers, origin: ORIGIN } });
    expect(deleted.status()).toBe(200);
    await expect(inbox).toHaveAccessibleDescription('0 unread notifications');
    await context.close();
  });

  test('the mail settings are at /dashboard/my-profile#notification-settings for a member and for an admin', async ({
    browser,
    request,
  }) => {
    for (const member of [await apiSignUp(request, 'Settings Member'), await apiAdmin(request, 'Settings Admin')]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signInBrowserAs(page, member);
      await page.goto('/dashboard/my-profile#notification-settings');
      const reply = page.getByRole('checkbox', { name: 'Email me when someone replies after me' });
      await expect(page.getByRole('checkbox', { name: 'Email me when someone comments on my post' })).toBeChecked();
      await expect(reply).toBeChecked();
      await expect(reply).toBeInViewport();
      await reply.uncheck();
      await expect(page.getByText('Notification settings saved.')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('checkbox', { name: 'Email me when someone replies after me' })).not.toBeChecked();
      await context.close();
    }
  });

  test('a comment mail’s unsubscribe address leads to a page whose one button turns those mails off, signed out', async ({
    browser,
    request,
  }) => {
    const { ada, bob, postId } = await adaBobAndAdasPost(request, '', 'Mailed post');
    const comment = await request.post('/api/comment-data', {
      headers: { ...bob.headers, origin: ORIGIN },
      data: { postId, comment: 'A comment that is mailed' },
    });
    expect(comment.status()).toBe(200);
    await expect.poll(() => mailsTo(ada.email).length, { message: `the comment's mail to ${ada.email}` }).toBe(1);
    const [mail] = mailsTo(ada.email);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(mail!.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    expect(oneClick.startsWith(`${ORIGIN}/api/mail/unsubscribe?token=`)).toBe(true);
    const pageLink = /^Unsubscribe from these mails: (\S+)$/m.exec(mail!.text)?.[1] ?? '';
    expect(pageLink.startsWith(`${ORIGIN}/unsubscribe?token=`)).toBe(true);
    const settings = async () => (await request.get('/api/notification-settings', { headers: ada.headers })).json();

    // Followed as a link (a mail client without one-click, a link scanner): the page, nothing changed.
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(oneClick);
    await expect(page).toHaveURL(pageLink);
    await expect(page.getByText('This turns off “Email me when someone comments on my post” in your notification settings.')).toBeVisible();
    const violations = await new AxeBuilder(page).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    expect(await settings()).toEqual({ emailOnComment: true, emailOnReply: true });

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('main').getByRole('status')).toContainText('You are unsubscribed.');
    expect(await settings()).toEqual({ emailOnComment: false, emailOnReply: true });
    await context.close();

    // The mail client's own button, afterwards: the same answer, nothing more to change.
    const again = await request.post(oneClick, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(again.status()).toBe(200);
    expect(await settings()).toEqual({ emailOnComment: false, emailOnReply: true });
  });
});
