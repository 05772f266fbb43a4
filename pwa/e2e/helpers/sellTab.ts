/**
 * The Market's Sell tab as a seller uses it: the one-time Trade Protection notice, 'Set Price' →
 * 'Set Your Selling Price' → 'Add to Sell List', and 'Put Up For Sale' through the trade-URL
 * dialog (when none is saved) to the trade progress dialog's 'Trade Accepted'.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { tradeUrlOf } from './selling';
import { textOf } from './text';

export function sellCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Your inventory items' }).getByRole('listitem');
}

export function sellList(page: Page): Locator {
  return page.getByRole('region', { name: 'Sell List' });
}

/** Opens the Sell tab, acknowledging the Trade Protection notice (shown once per browser). */
export async function openSellTab(page: Page): Promise<void> {
  await page.goto('/market/sell');
  const notice = page.getByRole('dialog', { name: 'Trade Protection' });
  await expect(notice.or(sellCards(page).first())).toBeVisible({ timeout: 20_000 });
  if (await notice.isVisible()) await notice.getByRole('button', { name: 'I Understand' }).click();
  await expect(sellCards(page).first()).toBeVisible({ timeout: 20_000 });
}

/** Prices the first item that can still go on the Sell List; resolves with its name. */
export async function addToSellList(page: Page, price: string): Promise<string> {
  const card = sellCards(page).filter({ has: page.getByRole('button', { name: 'Set Price' }) }).first();
  const name = await textOf(card.getByRole('heading'));
  await card.getByRole('button', { name: 'Set Price' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set Your Selling Price' });
  await dialog.getByLabel('Selling Price (USD)').fill(price);
  await dialog.getByRole('button', { name: 'Add to Sell List' }).click();
  await expect(dialog).toBeHidden();
  await expect(sellList(page)).toContainText(name);
  return name;
}

/** 'Put Up For Sale', saving the account's trade URL if asked, until the bot's offer is accepted. */
export async function putUpForSale(page: Page, steamId: string): Promise<void> {
  await sellList(page).getByRole('button', { name: 'Put Up For Sale' }).click();
  const tradeUrl = page.getByRole('dialog', { name: 'Enter Your Steam Trade URL' });
  const accepted = page.getByRole('dialog', { name: 'Trade Accepted' });
  const waiting = page.getByRole('dialog', { name: 'Waiting for You to Accept' });
  await expect(tradeUrl.or(waiting).or(accepted)).toBeVisible({ timeout: 30_000 });
  if (await tradeUrl.isVisible()) {
    await tradeUrl.getByRole('textbox', { name: 'Steam Trade URL' }).fill(tradeUrlOf(steamId));
    await tradeUrl.getByRole('button', { name: 'Save Trade URL' }).click();
  }
  await expect(accepted).toBeVisible({ timeout: 45_000 });
}
