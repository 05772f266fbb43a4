/**
 * Money for end-to-end tests, the way a user adds it: Add Funds → PayPal → the simulated hosted
 * checkout → Pay, and the navigation bar's balance button that shows the result. Or the way an
 * operator credits a bank wire that arrived (`npm run ops -- credit-deposit`), which has cleared:
 * unlike checkout money, it can be withdrawn at once.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';

/** The nav's balance button (desktop widths), named 'Balance $12.34'. */
export function navBalance(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Balance / });
}

/** Tops the signed-in user up by `amount` ('25.00') through the hosted checkout; resolves on the success banner. */
export async function topUp(page: Page, amount: string): Promise<void> {
  await page.goto('/add-funds');
  await page.locator('label').filter({ hasText: 'PayPal' }).click();
  const form = page.getByRole('form', { name: 'PayPal deposit' });
  await form.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await form.getByRole('button', { name: 'Continue to PayPal' }).click();
  await expect(page).toHaveURL(/\/dev\/pay\/checkout\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/add-funds' && url.searchParams.get('deposit') === 'success');
  await expect(page.getByRole('status').filter({ hasText: 'Payment successful' })).toBeVisible();
}

/**
 * Credits a bank wire of `amount` ('20.00') to the user with the operators' command, on the test
 * server's database (playwright.config.ts: E2E_DATABASE_URL, else its embedded database).
 */
export async function creditBankWire(steamId: string, amount: string): Promise<void> {
  const database = process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : { DATA_DIR: '.data/e2e', EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54349' };
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'ops/cli.ts', 'credit-deposit', steamId, amount, `E2E-${randomUUID()}`], {
    env: { ...process.env, ...database, LOG_LEVEL: 'warn', OPERATOR: 'e2e' },
  });
  expect(stdout).toContain(`Credited $${amount} to ${steamId}`);
}
