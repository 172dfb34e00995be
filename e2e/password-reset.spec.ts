import { expect, test } from '@playwright/test';
import { apiSignUp, mailDir, mailsTo, ORIGIN, PASSWORD, signInInBrowser, uniqueEmail } from './helpers.ts';

// "Forgot password?" through the mailed link: the e2e server sends its mail to a local SMTP
// server (e2e/with-mail-sink.ts), which leaves each mail in DATA_DIR/mail for this spec.

test('a member resets a forgotten password through the mailed link', async ({ page, request }) => {
  const email = uniqueEmail('forgetful');
  const member = await apiSignUp(request, 'Forgetful Fay', email);
  const newPassword = 'N3w!Passw0rd';

  await page.goto('/auth/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  // The address changes at once, but the sign-in page (which has an "Email" field too) stays on
  // screen until the new page's code has loaded: wait for the new page before typing.
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that email, we sent a link to reset its password.')).toBeVisible();

  await expect.poll(() => mailsTo(email).length, { message: `a mail to ${email} in ${mailDir}` }).toBeGreaterThan(0);
  const mail = mailsTo(email).at(-1)!;
  expect(mail!.subject).toBe('Reset your Code Commons password');
  const link = new RegExp(`${ORIGIN}/auth/reset-password\\?token=[A-Za-z0-9_-]+`).exec(mail!.text)?.[0];
  expect(link, mail!.text).toBeTruthy();
  expect(mail!.html).toContain(`href="${link}"`);

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // The rule of SPEC.md §5, inline, before anything is sent.
  await page.getByLabel('New password').fill('weakpass');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Password must be 6+ characters, include upper, lower, number, and special character.')).toBeVisible();

  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password is set. Sign in with it.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);

  // Every session ended: the one made at sign-up no longer works.
  const old = await request.get(`/api/users/${encodeURIComponent(email)}`, { headers: member.headers });
  expect(old.status()).toBe(401);

  // The old password is refused, the new one signs in.
  await signInInBrowser(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signInInBrowser(page, email, newPassword);
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();

  // The link worked once, and says so as it opens.
  await page.goto(link!);
  await expect(page.getByText('This link to reset a password is not valid: a link works once, for one hour.')).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth/forgot-password');
});
