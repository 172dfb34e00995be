import { expect, test } from '@playwright/test';
import { apiAdmin, apiCreatePost, apiSignUp, ensureTags, uniqueEmail } from './helpers.ts';

test.describe('Member profiles', () => {
  test('a visitor opens an author’s profile from a home card and sees their posts, never an email', async ({ page, request }) => {
    const admin = await apiAdmin(request);
    await ensureTags(request, admin, ['profiles']);
    const email = uniqueEmail('writer');
    const name = `Writer ${Date.now().toString(36)}`;
    const writer = await apiSignUp(request, name, email);
    const title = `Profile post ${Date.now().toString(36)}`;
    await apiCreatePost(request, writer, { title, category: 'profiles' });

    await page.goto('/');
    const card = page.getByRole('article').filter({ hasText: title });
    await card.getByRole('link', { name }).click();

    await expect(page).toHaveURL(/\/members\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Bronze Member')).toBeVisible();
    const posts = page.getByRole('region', { name: `Posts by ${name}` });
    await expect(posts.getByRole('link', { name: title })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(email);
  });

  test('an unknown member shows No Page Found', async ({ page }) => {
    await page.goto('/members/no-such-member');
    await expect(page.getByRole('heading', { name: 'No Page Found' })).toBeVisible();
  });
});
