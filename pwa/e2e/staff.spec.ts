/**
 * The staff console at /staff against the real server: staff sign in through the embedded OpenID
 * provider's page (/dev/oidc, simulated mode), each person in a browser context of their own.
 * The journey: finance credits a customer's bank transfer; the customer asks to
 * withdraw $1,500.00, above the four-eyes threshold; one finance person approves it, a second
 * approves it and marks it paid; the customer's Withdraw screen shows it paid. Also: support sees
 * no money sections, and customers never download the console.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO_STAFF } from '../../api/dev/oidc/staffAccounts';
import type { PaymentMethod } from '../../shared/schemas/wallet';
import { expectNoSeriousViolations } from './helpers/axe';
import { currentUser, waitForServiceWorker } from './helpers/offline';
import { signInAsNewUser } from './helpers/signIn';

test.use({ viewport: { width: 1280, height: 900 } });

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A new browser context signed in to the console as `email`, through the provider's login page. */
async function staffPage(browser: Browser, baseURL: string | undefined, email: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await (await browser.newContext({ baseURL, viewport })).newPage();
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'Staff sign-in', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dev\/oidc\//);
  // Each demo person is a button named "<name> <e-mail> <roles>".
  await page.getByRole('button', { name: new RegExp(`\\s${escapeRegExp(email)}\\s`) }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/staff');
  await expect(page.getByRole('banner')).toContainText(email);
  return page;
}

function section(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name });
}

/** The withdrawal's card on the console's Withdrawals screen, found by its user's SteamID. */
async function withdrawalCard(page: Page, steamId: string): Promise<Locator> {
  await section(page, 'Withdrawals').click();
  await expect(page.getByRole('heading', { name: 'Withdrawals', level: 1 })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: `SteamID ${steamId}` });
  await expect(card).toBeVisible();
  return card;
}

test('finance credits a transfer; two finance people approve a large withdrawal and pay it; the customer sees it paid', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const steamId = await signInAsNewUser(page);
  const customer = await currentUser(page);

  // Finance credits the customer's bank wire, found by the deposit reference on it.
  const finance = await staffPage(browser, baseURL, DEMO_STAFF.finance);
  await section(finance, 'Deposits').click();
  await finance.getByRole('textbox', { name: 'Deposit reference' }).fill(customer.depositReference);
  await finance.getByRole('button', { name: 'Find user' }).click();
  await expect(finance.getByRole('group', { name: "The transfer's user" })).toContainText(steamId);
  const credit = finance.getByRole('form', { name: /^Credit a transfer to / });
  await credit.getByRole('textbox', { name: 'Amount (USD)' }).fill('1600.00');
  await credit.getByRole('textbox', { name: 'Transfer reference' }).fill(`E2E-WIRE-${randomUUID()}`);
  await credit.getByRole('combobox', { name: 'Method' }).selectOption('bank_wire_usa');
  await credit.getByRole('button', { name: 'Credit $1,600.00' }).click();
  await expect(credit.getByRole('status')).toContainText('Credited $1,600.00');

  // The customer asks to withdraw $1,500.00 to a saved PayPal account.
  const paypalEmail = `payout.${Date.now()}@example.com`;
  const saved = await page.request.post('/api/payment-methods', {
    data: { type: 'paypal', paypalEmail },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const method = (await saved.json()) as PaymentMethod;
  await page.goto('/withdraw');
  const form = page.getByRole('form', { name: 'Request a withdrawal' });
  await form.locator('label').filter({ has: page.locator(`input[type="radio"][value="saved_${method.id}"]`) }).click();
  await form.getByRole('textbox', { name: 'Amount' }).fill('1500.00');
  await form.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(page.getByText('Withdrawal request of $1,500.00 submitted successfully')).toBeVisible();

  // The first finance person sees its destination on demand and approves it: it needs a second person.
  let card = await withdrawalCard(finance, steamId);
  await expect(card).toContainText('$1,500.00');
  await expect(card).toContainText('0 of 2');
  await card.getByRole('button', { name: 'Show destination' }).click();
  await expect(card).toContainText('recorded in the audit log');
  await expect(card).toContainText(paypalEmail);
  await expectNoSeriousViolations(finance, 'the withdrawal queue');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toContainText('1 of 2');
  await expect(card).toContainText('needs 1 more approval from someone else');
  await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);

  // A second finance person approves it and marks it paid with the payout's reference.
  const finance2 = await staffPage(browser, baseURL, DEMO_STAFF.finance2);
  card = await withdrawalCard(finance2, steamId);
  await expect(card).toContainText('1 of 2');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toContainText('2 of 2');
  await card.getByRole('button', { name: 'Mark paid' }).click();
  const dialog = finance2.getByRole('dialog', { name: 'Mark $1,500.00 as paid' });
  const payoutReference = `PAYPAL-${randomUUID()}`;
  await expectNoSeriousViolations(finance2, 'the mark-paid dialog');
  await dialog.getByRole('textbox', { name: 'Payout reference' }).fill(payoutReference);
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog).toBeHidden();
  // Paid, it leaves the open queue; the Paid filter shows it with its reference.
  await expect(finance2.getByRole('article').filter({ hasText: `SteamID ${steamId}` })).toHaveCount(0);
  await finance2.getByRole('combobox', { name: 'Status' }).selectOption('paid');
  await expect(finance2.getByRole('article').filter({ hasText: `SteamID ${steamId}` })).toContainText(payoutReference);

  // The customer's Withdraw screen shows it paid.
  await page.goto('/withdraw');
  const latest = page.getByRole('list', { name: 'Recent withdrawals' }).getByRole('listitem').first();
  await expect(latest).toContainText('$1,500.00');
  await expect(latest).toContainText('Paid');
  await Promise.all([finance.context().close(), finance2.context().close()]);
});

test('a support person sees no money sections, and the console says so at their address; signing out ends the session', async ({ browser, baseURL }) => {
  const support = await staffPage(browser, baseURL, DEMO_STAFF.support);
  const nav = support.getByRole('navigation', { name: 'Console sections' });
  await expect(nav.getByRole('link', { name: 'Support' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Withdrawals' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Deposits' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);

  await support.goto('/staff/withdrawals');
  await expect(support.getByRole('heading', { name: 'Not for your roles', level: 1 })).toBeVisible();
  await expect(support.getByRole('article')).toHaveCount(0);

  // Signing out ends the console's session, then offers to end the provider's too.
  await support.getByRole('button', { name: 'Sign out' }).click();
  await expect(support).toHaveURL(/\/dev\/oidc\/session\/end/);
  expect((await support.request.get('/api/staff/me')).status()).toBe(401);
  await support.context().close();
});

test('an admin can reach every section on a phone, each without serious accessibility violations', async ({ browser, baseURL }) => {
  const admin = await staffPage(browser, baseURL, DEMO_STAFF.admin, { width: 390, height: 844 });
  const nav = admin.getByRole('navigation', { name: 'Console sections' });
  await expectNoSeriousViolations(admin, 'the overview');
  for (const name of ['Users', 'Market', 'Support', 'Audit log']) {
    await nav.getByRole('link', { name }).click();
    await expect(admin.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(admin.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSeriousViolations(admin, name);
  }
  await admin.context().close();
});

test("customers never download the console: not precached, not loaded by the app, /staff not answered with the app's shell", async ({ page }) => {
  const consoleHtml = await (await page.request.get('/staff')).text();
  const consoleScripts = [...consoleHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  expect(consoleScripts.length).toBeGreaterThan(0);
  expect(consoleScripts.every((file) => file.startsWith('assets/staff-'))).toBe(true);

  const serviceWorker = await (await page.request.get('/sw.js')).text();
  expect(serviceWorker).toContain('"url":"index.html"');
  expect(serviceWorker).not.toContain('staff.html');
  expect(serviceWorker).not.toMatch(/"url":"assets\/staff-/);

  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/');
  await waitForServiceWorker(page);
  // Under the service worker, a navigation to the console gets the console, from the network.
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'Staff sign-in', level: 1 })).toBeVisible();
  const beforeConsole = requested.slice(0, requested.indexOf('/staff'));
  expect(beforeConsole.filter((path) => path.startsWith('/assets/staff-'))).toEqual([]);
});
