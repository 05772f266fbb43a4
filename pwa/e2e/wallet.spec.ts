/**
 * The wallet as a new user sees it: adding funds through the payment provider's hosted checkout
 * (paid and cancelled), then withdrawing to a saved PayPal method with the form's balance and
 * minimum checks, and the part of the balance that can be withdrawn while checkout deposits clear.
 * Every test signs in as a brand-new Steam account, so it starts from $0.00 whatever other specs of
 * the run did.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { PaymentMethod } from '../../shared/schemas/wallet';
import { signInAsNewUser } from './helpers/signIn';
import { creditBankWire } from './helpers/wallet';

test.use({ viewport: { width: 1280, height: 900 } });

/** Radio cards hide their input; a person clicks the card (its label). */
async function chooseCard(page: Page, name: string) {
  await page.locator('label').filter({ hasText: name }).click();
  await expect(page.getByRole('radio', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) })).toBeChecked();
}

function navBalance(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Balance / });
}

/** Add Funds → PayPal → amount → 'Continue to PayPal', up to the hosted checkout page. */
async function openCheckout(page: Page, amount: string) {
  await page.goto('/add-funds');
  await expect(page.getByRole('heading', { name: 'Add Funds', level: 1 })).toBeVisible();
  await chooseCard(page, 'PayPal');
  const form = page.getByRole('form', { name: 'PayPal deposit' });
  await form.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await form.getByRole('button', { name: 'Continue to PayPal' }).click();

  await expect(page).toHaveURL(/\/dev\/pay\/checkout\//);
  await expect(page.getByRole('heading', { name: `$${amount}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
}

async function depositThroughCheckout(page: Page, amount: string) {
  await openCheckout(page, amount);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/add-funds' && url.searchParams.get('deposit') === 'success');
}

test('signed out, Add Funds and Withdraw ask the visitor to sign in', async ({ page }) => {
  for (const path of ['/add-funds', '/withdraw']) {
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Login with Steam' })).toHaveAttribute('href', '/auth/steam');
  }
});

test('adding funds through the hosted checkout credits the balance', async ({ page }) => {
  await signInAsNewUser(page);
  await expect(navBalance(page)).toHaveAccessibleName('Balance $0.00');

  await page.goto('/add-funds');
  const form = page.getByRole('form', { name: 'PayPal deposit' });
  await expect(form.getByText('Deposit range: $10.00 - $1,000.00')).toBeVisible();
  // The shared schema's limits are checked before anything is sent.
  await form.getByRole('textbox', { name: 'Amount' }).fill('5');
  await form.getByRole('button', { name: 'Continue to PayPal' }).click();
  await expect(form.getByText('Minimum deposit amount is $10.00')).toBeVisible();
  await expect(page).toHaveURL(/\/add-funds$/);

  await depositThroughCheckout(page, '25.00');
  const banner = page.getByRole('status').filter({ hasText: 'Payment successful' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Your balance is now $25.00', { timeout: 12_000 });
  await expect(navBalance(page)).toHaveAccessibleName('Balance $25.00');

  const deposits = page.getByRole('list', { name: 'Recent deposits' });
  await expect(deposits.getByRole('listitem').first()).toContainText('$25.00');
  await expect(deposits.getByRole('listitem').first()).toContainText('Completed');

  // The bank transfer instructions carry the user's own reference code.
  await chooseCard(page, 'Bank Wire (USA)');
  await expect(page.getByRole('heading', { name: 'Bank Wire (USA)', level: 2 })).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy Routing Number' }).click();
  await expect(page.getByText('Routing Number copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^\d{9}$/);
  await expect(page.getByRole('region', { name: 'Your reference code' })).toContainText(/SM-[A-Z0-9]+/);
});

test('a cancelled checkout shows the cancelled banner and leaves the balance alone', async ({ page }) => {
  await signInAsNewUser(page);
  await openCheckout(page, '40.00');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/add-funds' && url.searchParams.get('deposit') === 'cancelled');
  await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled' })).toBeVisible();
  await expect(navBalance(page)).toHaveAccessibleName('Balance $0.00');
  await expect(page.getByRole('list', { name: 'Recent deposits' }).getByRole('listitem').first()).toContainText('Cancelled');
});

test('withdrawing checks the balance and the minimum, then reserves the amount', async ({ page }) => {
  const steamId = await signInAsNewUser(page);
  // Cleared money (checkout deposits can be withdrawn only days later): a bank wire an operator credited.
  await creditBankWire(steamId, '25.00');
  await page.reload();
  await expect(navBalance(page)).toHaveAccessibleName('Balance $25.00');

  // A saved PayPal method, added the way the profile's Payment Methods tab does.
  const saved = await page.request.post('/api/payment-methods', {
    data: { type: 'paypal', paypalEmail: `payout.${Date.now()}@example.com` },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const method = (await saved.json()) as PaymentMethod;

  await page.goto('/withdraw');
  await expect(page.getByRole('heading', { name: 'Withdraw Funds', level: 1 })).toBeVisible();
  await expect(page.getByText('Minimum withdrawal: $10.00', { exact: true })).toBeVisible();

  const form = page.getByRole('form', { name: 'Request a withdrawal' });
  const savedValue = `input[type="radio"][value="saved_${method.id}"]`;
  const savedChoice = form.locator(savedValue);
  // The `has` locator is matched inside each label, so it starts from the page, not the form.
  await form.locator('label').filter({ has: page.locator(savedValue) }).click();
  await expect(savedChoice).toBeChecked();
  // The saved method's masked details are pre-filled, read-only.
  const paypalEmail = form.getByRole('textbox', { name: /^PayPal Email/ });
  await expect(paypalEmail).toHaveJSProperty('readOnly', true);
  await expect(paypalEmail).toHaveValue(/\*\*\*@example\.com$/);

  const amount = form.getByRole('textbox', { name: 'Amount' });
  const submit = form.getByRole('button', { name: 'Request Withdrawal' });

  await amount.fill('30.00');
  await submit.click();
  await expect(form.getByText('Balance not enough - Top up balance')).toBeVisible();
  await expect(form.getByRole('link', { name: 'Top up your balance' })).toHaveAttribute('href', '/add-funds');

  await amount.fill('5.00');
  await submit.click();
  await expect(form.getByText('Minimum withdrawal amount is $10.00')).toBeVisible();

  await amount.fill('10.00');
  await submit.click();
  await expect(page.getByText('Withdrawal request of $10.00 submitted successfully')).toBeVisible();
  await expect(navBalance(page)).toHaveAccessibleName('Balance $15.00');
  await expect(amount).toHaveValue('');

  const latest = page.getByRole('list', { name: 'Recent withdrawals' }).getByRole('listitem').first();
  await expect(latest).toContainText('$10.00');
  await expect(latest).toContainText('Requested');
  await expect(latest).toContainText('PayPal');
});

test('the Withdraw screen shows the part of the balance that can be withdrawn while checkout deposits clear', async ({ page }) => {
  const steamId = await signInAsNewUser(page);
  await depositThroughCheckout(page, '25.00');
  await creditBankWire(steamId, '20.00');

  await page.goto('/withdraw');
  const balance = page.getByRole('region', { name: 'Available Balance' });
  await expect(balance).toContainText('$45.00');
  await expect(balance.getByText('Available to withdraw: $20.00', { exact: true })).toBeVisible();
  await expect(balance.getByText('Card and PayPal deposits can be spent at once and withdrawn 7 days after payment.')).toBeVisible();
  await expect(page.getByText('Minimum withdrawal: $10.00', { exact: true })).toBeVisible();

  // A new PayPal method (the form's default destination).
  const form = page.getByRole('form', { name: 'Request a withdrawal' });
  await form.getByRole('textbox', { name: /^PayPal Email/ }).fill('payout@example.com');
  const amount = form.getByRole('textbox', { name: 'Amount' });
  await amount.fill('30.00');
  await form.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(form.getByText('You can withdraw up to $20.00 now: card and PayPal deposits can be withdrawn 7 days after payment')).toBeVisible();
  await form.getByRole('button', { name: 'Max' }).click();
  await expect(amount).toHaveValue('20.00');
});
