import AxeBuilder from './axe.ts';
import { expect, test } from '@playwright/test';
import { PASSWORD, signInInBrowser, signUpInBrowser, uniqueEmail } from './helpers.ts';

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
