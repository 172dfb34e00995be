import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';

export const PASSWORD = 'Passw0rd!';

/**
 * Holds back the requests for `url` (code still on its way) until the returned function is
 * called; they go on then, or fail if the browser is offline by then. It also ends the holding.
 */
export async function holdBack(page: Page, url: RegExp): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return async () => {
    release();
    await page.unrouteAll({ behavior: 'wait' });
  };
}

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
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Account Created!')).toBeVisible();
}

export async function signInInBrowser(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The operator's command, against the e2e server's own data dir. */
export function promoteToAdmin(email: string) {
  execFileSync('node', ['dist/server/admin.js', 'promote', email], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: 'pipe',
  });
}

/** A mail the e2e server sent, as its SMTP server (e2e/with-mail-sink.ts) left it. */
export interface SentMail {
  to: string[];
  /** Lower-case names, folded lines joined. */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

/** Where e2e/with-mail-sink.ts leaves each mail (the server's DATA_DIR/mail). */
export const mailDir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');

/** The mails sent to `email` so far, oldest first. */
export function mailsTo(email: string): SentMail[] {
  if (!existsSync(mailDir)) return [];
  return readdirSync(mailDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(mailDir, f), 'utf8')) as SentMail)
    .filter((m) => m.to.includes(email));
}

/** Better Auth checks the Origin of cookie-carrying requests, as a browser would send it. */
export const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

export interface ApiMember {
  email: string;
  name: string;
  token: string;
  headers: { authorization: string };
}

/** Signs a member up through the API (faster than the form when the form is not under test). */
export async function apiSignUp(request: APIRequestContext, name = 'Member', email = uniqueEmail()): Promise<ApiMember> {
  const res = await request.post('/api/auth/sign-up/email', { headers: { origin: ORIGIN }, data: { name, email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { email, name, token, headers: { authorization: `Bearer ${token}` } };
}

/** An administrator, made the way an operator makes one. */
export async function apiAdmin(request: APIRequestContext, name = 'Admin'): Promise<ApiMember> {
  const admin = await apiSignUp(request, name, uniqueEmail('admin'));
  promoteToAdmin(admin.email);
  return admin;
}

/** Adds tags (ignoring ones that exist already). */
export async function ensureTags(request: APIRequestContext, admin: ApiMember, tags: string[]) {
  for (const tag of tags) {
    const res = await request.post('/api/tag-data', { headers: { ...admin.headers, origin: ORIGIN }, data: { tag } });
    expect([200, 409]).toContain(res.status());
  }
}

export async function apiCreatePost(
  request: APIRequestContext,
  author: ApiMember,
  fields: { title: string; description?: string; category: string },
) {
  const res = await request.post('/api/post-data', {
    headers: { ...author.headers, origin: ORIGIN },
    data: { description: 'Written for the browser tests.', ...fields },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

/** Puts the API member's session into the browser, as if they had signed in there. */
export async function signInBrowserAs(page: Page, member: ApiMember) {
  await page.goto('/auth/sign-in');
  await signInInBrowser(page, member.email);
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
}
