import AxeBuilder from './axe.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAdmin, apiCreatePost, apiSignUp, ensureTags, signInBrowserAs } from './helpers.ts';

const TAG = 'membership';

// Better Auth refuses sign-ups without an Origin: the API calls carry the site's own.
let request: APIRequestContext;
test.beforeAll(async ({ playwright, baseURL }) => {
  request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? '' } });
});
test.afterAll(async () => {
  await request.dispose();
});

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder(page).analyze();
  expect(results.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function payWith(page: Page, cardNumber: string) {
  const number = page.getByLabel('Card number');
  await number.fill('');
  await number.pressSequentially(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $9.99' }).click();
}

test('a Bronze member at the post limit pays for Gold and can post again', async ({ page }, testInfo) => {
  const admin = await apiAdmin(request);
  await ensureTags(request, admin, [TAG]);
  const member = await apiSignUp(request, 'Bronze Bea');
  for (let i = 1; i <= 5; i += 1) await apiCreatePost(request, member, { title: `Post number ${i}`, category: TAG });
  const sixth = { title: 'Post number 6', description: 'Written after the upgrade.', category: TAG };
  const refused = await request.post('/api/post-data', { headers: member.headers, data: sixth });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'POST_LIMIT_REACHED' });

  await signInBrowserAs(page, member);
  await page.goto('/membership');
  await expect(page.getByRole('heading', { level: 1, name: 'Membership Status' })).toBeVisible();
  await expect(page.getByText('You are currently a Bronze member.')).toBeVisible();
  await expect(page.getByText('Pay $9.99 to become a Gold Member.')).toBeVisible();
  await expect(page.getByText('4242 4242 4242 4242')).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pay $9.99' });
  await expect(pay).toBeEnabled();

  // Desktop, then 360 px: accessible, nothing wider than the screen.
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('membership-bronze-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('membership-bronze-360.png'), fullPage: true });

  // A declined card: Stripe's message, in red, under the card field.
  await payWith(page, '4000 0000 0000 0002');
  const alert = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveClass(/text-danger-700/);
  await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await expect(pay).toBeEnabled();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('membership-declined-360.png'), fullPage: true });

  // The test card goes through: success in green, then the Gold card once the record says Gold.
  await page.setViewportSize({ width: 1280, height: 800 });
  await payWith(page, '4242 4242 4242 4242');
  const success = page.getByText('Payment successful! 🎉');
  await expect(success).toBeVisible();
  await expect(success).toHaveClass(/text-success-700/);
  await expect(page.getByRole('heading', { name: "You're a Gold Member!" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gold Membership Active' })).toBeDisabled();
  await expect(page.getByText('Your card was declined.')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('membership-gold-desktop.png'), fullPage: true });

  // The record is Gold for good: a reload shows the Gold card without any payment form.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  await expect(page.getByRole('heading', { name: "You're a Gold Member!" })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('membership-gold-360.png'), fullPage: true });

  // Gold lifts the limit: the sixth post goes through.
  const accepted = await request.post('/api/post-data', { headers: member.headers, data: sixth });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const me = await request.get(`/api/users/${encodeURIComponent(member.email)}`, { headers: member.headers });
  expect(await me.json()).toMatchObject({ membership: 'Gold' });
});

test('two tabs of the membership page share one payment: paid in one, the other goes on to Gold without a second charge', async ({
  page,
}) => {
  const member = await apiSignUp(request, 'Two Tabs Tess');
  await signInBrowserAs(page, member);
  const secrets: string[] = [];
  const open = async (tab: Page) => {
    const started = tab.waitForResponse((r) => r.url().endsWith('/api/create-payment'));
    await tab.goto('/membership');
    secrets.push(((await (await started).json()) as { clientSecret: string }).clientSecret);
    await expect(tab.getByRole('button', { name: 'Pay $9.99' })).toBeEnabled();
  };
  await open(page);
  const other = await page.context().newPage();
  // Its live stream down, the other tab does not hear of the upgrade, and its form stays.
  await other.route('**/api/events*', (route) => route.abort());
  await open(other);
  expect(secrets[1]).toBe(secrets[0]);

  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: "You're a Gold Member!" })).toBeVisible();
  // The other tab, opened before, pays the same payment: it succeeded already, nothing is charged again.
  await payWith(other, '4242 4242 4242 4242');
  await expect(other.getByText('Payment successful! 🎉')).toBeVisible();
  await expect(other.getByRole('heading', { name: "You're a Gold Member!" })).toBeVisible();
  await expect(other.getByRole('alert')).toHaveCount(0);
  await other.close();
});

test('a second tab of the membership page shows Gold by itself once the member has paid in the first', async ({ page }) => {
  const member = await apiSignUp(request, 'Other Tab Otto');
  await signInBrowserAs(page, member);
  await page.goto('/membership');
  await expect(page.getByRole('button', { name: 'Pay $9.99' })).toBeEnabled();
  const other = await page.context().newPage();
  const listening = other.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
  await other.goto('/membership');
  await expect(other.getByRole('button', { name: 'Pay $9.99' })).toBeEnabled();
  await listening;

  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: "You're a Gold Member!" })).toBeVisible();
  // The upgrade's notification reaches the other tab: its record reloads as Gold, nothing paid there.
  await expect(other.getByRole('heading', { name: "You're a Gold Member!" })).toBeVisible();
  await expect(other.getByText('Payment successful! 🎉')).toHaveCount(0);
  await other.close();
});

test('the membership page is for signed-in members only', async ({ page }) => {
  await page.goto('/membership');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
});
