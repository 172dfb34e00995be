import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

export const PASSWORD = 'Passw0rd!';

let n = 0;
export function uniqueEmail(prefix = 'member'): string {
  n += 1;
  return `${prefix}-${Date.now().toString(36)}-${n}@example.test`;
}

export async function photoFile() {
  const buffer = await sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  return { name: 'me.png', mimeType: 'image/png', buffer };
}

/** Signs up through the real form, photo included, and waits for the welcome toast. */
export async function signUpInBrowser(page: Page, name: string, email: string) {
  await page.goto('/auth/sign-up');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Photo').setInputFiles(await photoFile());
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Account Created!')).toBeVisible();
}

export async function signInInBrowser(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The operator's command, against the e2e server's own data dir. */
export function promoteToAdmin(email: string) {
  execFileSync('node', ['dist/server/admin.js', 'promote', email], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: 'pipe',
  });
}
