/**
 * Money for end-to-end tests, the way a user adds it: Add Funds → PayPal → the simulated hosted
 * checkout → Pay, and the navigation bar's balance button that shows the result.
 */
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
