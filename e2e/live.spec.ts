// Live updates in two browsers at once (API.md "Live updates"): what member A does appears on
// member B's open pages without a reload.
import { expect, test, type Browser } from '@playwright/test';
import { apiAdmin, apiCreatePost, apiSignUp, ensureTags, signInBrowserAs, type ApiMember } from './helpers.ts';

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
