import { expect, test, type Page } from '@playwright/test';
import { apiAdmin, apiCreatePost, apiSignUp, ensureTags, mailsTo, ORIGIN, signInBrowserAs } from './helpers.ts';

// One unbroken word — a title, a name, an email, a tag, a comment — must never push a page
// wider than the screen: every page that shows member text is loaded with the longest such
// values the forum accepts, at 360 and 1280 px, and none may scroll sideways. Nor may the mails
// the forum sends about them, in a mail client's window as narrow.

const word = (length: number, letter = 'W') => letter.repeat(length);

async function expectNoSidewaysScroll(page: Page, where: string) {
  // Wait for the page's data before measuring: the long values are on screen.
  await expect(page.getByText(/W{20}/).filter({ visible: true }).first(), `${where} shows the long values`).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect.soft(scrollWidth, `${where} is ${scrollWidth} px wide at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
}

test('no page scrolls sideways with long unbroken member text, at 360 and 1280 px', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const admin = await apiAdmin(request, word(80));
  const tag = `w${stamp}`.padEnd(30, 'w');
  await ensureTags(request, admin, [tag]);
  // The longest name, and an email with the longest local part and a long domain.
  const member = await apiSignUp(request, word(80), `${word(64, 'w').slice(0, 56)}${stamp}@${word(60, 'w')}.example.test`);
  const postId = await apiCreatePost(request, member, { title: word(150), description: word(200), category: tag });
  const commenter = await apiSignUp(request, word(80));
  const comment = await request.post('/api/comment-data', {
    headers: { ...commenter.headers, origin: ORIGIN },
    data: { postId, comment: word(200) },
  });
  expect(comment.status()).toBe(200);
  const commentId = ((await comment.json()) as { insertedId: string }).insertedId;
  const report = await request.post('/api/reported-comment', {
    headers: { ...member.headers, origin: ORIGIN },
    data: { commentId, ReportedComment: 'Spam or promotional content' },
  });
  expect(report.status()).toBe(200);
  const announcement = await request.post('/api/announcement-data', {
    headers: { ...admin.headers, origin: ORIGIN },
    data: { title: word(150), description: word(200) },
  });
  expect(announcement.status()).toBe(200);
  // The member's reset mail, beside the comment's notification mail.
  const reset = await request.post('/api/auth/request-password-reset', {
    headers: { origin: ORIGIN },
    data: { email: member.email, redirectTo: '/auth/reset-password' },
  });
  expect(reset.status()).toBe(200);
  await expect.poll(() => mailsTo(member.email).length, { message: 'the notification and the reset mails' }).toBe(2);

  for (const width of [360, 1280]) {
    const memberContext = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await memberContext.newPage();
    await page.goto('/');
    await expectNoSidewaysScroll(page, `home at ${width}`);
    await page.goto('/#announcements');
    await expectNoSidewaysScroll(page, `home with announcements at ${width}`);
    await page.goto(`/?search=${tag}`);
    await expectNoSidewaysScroll(page, `tag search at ${width}`);

    await signInBrowserAs(page, member);
    for (const path of [
      `/post-details/${postId}`,
      '/dashboard/my-profile',
      '/notifications',
      '/dashboard/my-post',
      `/dashboard/my-post/comment-details/${postId}`,
    ]) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, `${path} at ${width}`);
    }
    for (const mail of mailsTo(member.email)) {
      await page.setContent(mail.html);
      await expectNoSidewaysScroll(page, `the mail "${mail.subject.slice(0, 40)}…" at ${width}`);
    }
    await memberContext.close();

    const adminContext = await browser.newContext({ viewport: { width, height: 900 } });
    const adminPage = await adminContext.newPage();
    await signInBrowserAs(adminPage, admin);
    await adminPage.goto('/dashboard/manage-users');
    await adminPage.getByRole('searchbox', { name: 'Search by name or email' }).fill(stamp);
    await adminPage.getByRole('searchbox', { name: 'Search by name or email' }).press('Enter');
    await expectNoSidewaysScroll(adminPage, `manage users at ${width}`);
    for (const path of ['/dashboard/admin-profile', '/dashboard/reported-comment']) {
      await adminPage.goto(path);
      await expectNoSidewaysScroll(adminPage, `${path} at ${width}`);
    }
    await adminContext.close();
  }
});
