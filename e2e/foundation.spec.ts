import AxeBuilder from './axe.ts';
import { expect, test } from '@playwright/test';
import {
  apiAdmin,
  apiCreatePost,
  apiSignUp,
  ensureTags,
  PASSWORD,
  photoFile,
  signInInBrowser,
  signUpInBrowser,
  uniqueEmail,
} from './helpers.ts';

test('sign up with a photo, sign out, sign in again, remembered path, 404', async ({ page }) => {
  const email = uniqueEmail();
  await signUpInBrowser(page, 'Playwright Pat', email);
  await expect(page.getByText('Welcome to Code Commons!')).toBeVisible();

  // Signed in: the avatar shows the uploaded photo.
  const account = page.getByRole('button', { name: 'Account' });
  await expect(account).toBeVisible();
  await expect(account.locator('img')).toHaveAttribute('src', /\/api\/images\//);

  // Sign out from the avatar menu.
  await account.click();
  await expect(page.getByText('Playwright Pat')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Join Us' })).toBeVisible();

  // A guarded page remembers where the visitor wanted to go.
  await page.goto('/dashboard/my-profile');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await signInInBrowser(page, email, 'Wrong0ne!');
  await expect(page.getByText(/invalid email or password/i)).toBeVisible();
  await signInInBrowser(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/my-profile$/);
  await expect(page.getByText(email)).toBeVisible();

  // Unknown paths show the 404 page.
  await page.goto('/no/such/page');
  await expect(page.getByText('No Page Found')).toBeVisible();
  await page
    .getByRole('link', { name: 'Back To Home' })
    .or(page.getByRole('button', { name: 'Back To Home' }))
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test('sign-up validation messages and the accessible shell at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/auth/sign-up');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  for (const message of ['Name is required', 'Email is required', 'Photo is required', 'Password is required']) {
    await expect(page.getByText(message)).toBeVisible();
  }
  const results = await new AxeBuilder(page).analyze();
  expect(results.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

test('a photo the server refuses at sign-up is said on the Photo field, and another one finishes the sign-up', async ({ page }) => {
  const email = uniqueEmail('svg');
  await page.goto('/auth/sign-up');
  await page.getByLabel('Name').fill('Vector Val');
  await page.getByLabel('Email').fill(email);
  // An image by its type, not one the forum takes.
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';
  await page.getByLabel('Photo').setInputFiles({ name: 'me.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  const photo = page.getByLabel('Photo');
  await expect(photo).toHaveAccessibleDescription('Please upload a PNG, JPEG, WebP or GIF image.');
  await expect(photo).toBeFocused();
  await expect(page.getByLabel('Name')).toHaveValue('Vector Val');

  await photo.setInputFiles(await photoFile());
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Account Created!')).toBeVisible();
  await expect(page.getByText('User already exists. Use another email.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Account' }).locator('img')).toHaveAttribute('src', /\/api\/images\//);
});

test('a sign-in, a sign-out and a theme chosen in one tab show in the member’s other tab without a reload', async ({
  browser,
  request,
}) => {
  const admin = await apiAdmin(request);
  await ensureTags(request, admin, ['tabs']);
  const member = await apiSignUp(request, 'Two Tabs');
  const title = `Opened from the other tab ${Date.now().toString(36)}`;
  const postId = await apiCreatePost(request, member, { title, category: 'tabs' });
  const context = await browser.newContext({ colorScheme: 'light' });
  const [first, second] = [await context.newPage(), await context.newPage()];
  await second.goto(`/post-details/${postId}`);
  await expect(second.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await second.goto('/');
  await expect(second.getByRole('link', { name: 'Join Us' })).toBeVisible();

  await first.goto('/auth/sign-in');
  await signInInBrowser(first, member.email);
  await expect(first.getByRole('button', { name: 'Account' })).toBeVisible();
  // The other tab was neither focused nor reloaded; the post opens there without signing in again.
  await expect(second.getByRole('button', { name: 'Account' })).toBeVisible();
  await second.goto(`/post-details/${postId}`);
  await expect(second.getByRole('heading', { name: title })).toBeVisible();

  await first.getByRole('button', { name: 'Dark mode' }).click();
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(second.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');

  await first.getByRole('button', { name: 'Account' }).click();
  await first.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(first.getByRole('link', { name: 'Join Us' })).toBeVisible();
  await expect(second).toHaveURL(/\/auth\/sign-in$/);
  await expect(second.getByText('Your session has ended. Sign in again to go on.')).toBeVisible();
  await context.close();
});
