/**
 * Selling from the Market's Sell tab, through every dialog, against the simulated Steam bot (which
 * accepts after SIM_TRADE_ACCEPT_MS, 1 s in the Playwright config, and always declines for Demo
 * Decliner): the Trade Protection notice, 'Set Your Selling Price', the Sell List, the trade-URL
 * dialog, the trade progress dialog (waiting → accepted, or 'Trade Canceled'), 'View My Listings';
 * and the Inventory's 'List for Sale' → 'Send Trade Offer'. Specs of one run share the database, so
 * nothing here assumes which items or trade URL an account has at the start.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ListingsPage } from '../../shared/schemas/market';
import { accountIdOf } from '../../shared/steam';
import { DEMO_ACCOUNTS, signInAs, signInAsNewUser } from './helpers/signIn';
import { textOf } from './helpers/text';

test.use({ viewport: { width: 1280, height: 900 } });

function tradeUrlOf(steamId: string): string {
  return `https://steamcommunity.com/tradeoffer/new/?partner=${accountIdOf(steamId)}&token=AbC123_-`;
}

function sellCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Your inventory items' }).getByRole('listitem');
}

function sellList(page: Page): Locator {
  return page.getByRole('region', { name: 'Sell List' });
}

/** Opens the Sell tab and acknowledges the one-time Trade Protection notice (shown in every new browser context). */
async function openSellTab(page: Page): Promise<void> {
  await page.goto('/market/sell');
  const notice = page.getByRole('dialog', { name: 'Trade Protection' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('7 days');
  await expect(notice).toContainText('If you reverse the trade in Steam during the protection, the items return to you and your listing is cancelled.');
  await notice.getByRole('button', { name: 'I Understand' }).click();
  await expect(notice).toBeHidden();
  await expect(sellCards(page).first()).toBeVisible({ timeout: 15_000 });
}

/**
 * The first item that can still go on the Sell List and whose name no other item in the inventory
 * has (an inventory can hold two of one name, and the steps find items by name): its card and name.
 */
async function firstSellableOfItsName(page: Page): Promise<{ card: Locator; name: string }> {
  const names = (await sellCards(page).getByRole('heading').allInnerTexts()).map((text) => text.trim());
  const sellable = sellCards(page).filter({ has: page.getByRole('button', { name: 'Set Price' }) });
  for (const text of await sellable.getByRole('heading').allInnerTexts()) {
    const name = text.trim();
    if (names.filter((other) => other === name).length === 1) return { card: sellCards(page).filter({ has: page.getByRole('heading', { name, exact: true }) }), name };
  }
  throw new Error('no item that can be priced has a name of its own');
}

/** Prices the first item that can still go on the Sell List (one of its name); resolves with its card's name. */
async function addFirstSellable(page: Page, price: string): Promise<string> {
  const { card, name } = await firstSellableOfItsName(page);
  await card.getByRole('button', { name: 'Set Price' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set Your Selling Price' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Selling Price (USD)').fill(price);
  await dialog.getByRole('button', { name: 'Add to Sell List' }).click();
  await expect(dialog).toBeHidden();
  await expect(sellList(page)).toContainText(name);
  return name;
}

/** Saves the account's own trade URL if the sell flow asks for it. */
async function saveTradeUrlIfAsked(page: Page, steamId: string, hasTradeUrl: boolean): Promise<void> {
  if (hasTradeUrl) return;
  const dialog = page.getByRole('dialog', { name: 'Enter Your Steam Trade URL' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole('textbox', { name: 'Steam Trade URL' });
  await input.fill('https://example.com/not-a-trade-url');
  await dialog.getByRole('button', { name: 'Save Trade URL' }).click();
  await expect(dialog.getByText('Please enter a valid Steam trade URL')).toBeVisible();
  await input.fill(tradeUrlOf(steamId));
  await recordToasts(page);
  await dialog.getByRole('button', { name: 'Save Trade URL' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => recordedToasts(page)).toContain('Trade URL Saved: Your Steam trade URL has been saved successfully.');
  expect(await savedTradeUrl(page)).toBe(tradeUrlOf(steamId));
}

/**
 * Starts recording every toast shown ('title: description'). A toast lives 5 s; on a busy machine
 * that can pass before a check runs, and the trade dialog that opens right after hides the page
 * behind it from role queries, so the toasts are collected as they appear.
 */
async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { recordedToasts: seen });
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-scope="toast"][data-part="root"]')) {
        const title = toast.querySelector('[data-part="title"]')?.textContent ?? '';
        const description = toast.querySelector('[data-part="description"]')?.textContent ?? '';
        const text = `${title}: ${description}`;
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

async function recordedToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { recordedToasts?: string[] }).recordedToasts ?? []);
}

async function savedTradeUrl(page: Page): Promise<string> {
  const user = (await (await page.request.get('/api/user')).json()) as { tradeUrl: string };
  return user.tradeUrl;
}

test('signed out, the Sell tab asks the visitor to log in', async ({ page }) => {
  for (const path of ['/market/sell', '/market#sell']) {
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Login Required' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Login with Steam' })).toHaveAttribute('href', '/auth/steam');
    await expect(page.getByRole('dialog', { name: 'Trade Protection' })).toHaveCount(0);
  }
});

test('Demo Seller sells two items from the Sell tab through every dialog to My Listings', async ({ page }) => {
  test.setTimeout(180_000);
  const seller = DEMO_ACCOUNTS.seller;
  await signInAs(page, seller.personaName);
  await openSellTab(page);

  // The notice is shown once: the flag stays in browser storage.
  expect(await page.evaluate(() => window.localStorage.getItem('tradeProtectionWarningShown'))).toBe('true');
  await page.reload();
  await expect(sellCards(page).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('dialog', { name: 'Trade Protection' })).toHaveCount(0);

  // The filter toggle, the count and Clear Filters.
  const count = page.getByTestId('sell-shown-count');
  await expect(count).toHaveText(/^Showing \d+ items$/);
  const total = await sellCards(page).count();
  await page.getByRole('button', { name: 'Show Filters' }).click();
  await page.getByRole('searchbox', { name: 'Search items' }).fill('no such skin anywhere');
  await expect(count).toHaveText(`Showing 0 of ${total} items`);
  await page.getByRole('button', { name: 'Clear Filters' }).first().click();
  await expect(sellCards(page)).toHaveCount(total);
  await page.getByRole('button', { name: 'Hide Filters' }).click();

  await expect(sellList(page).getByRole('button', { name: 'Put Up For Sale' })).toBeDisabled();

  // 'Set Your Selling Price': invalid prices keep 'Add to Sell List' disabled; the breakdown is exact.
  const { card: firstCard, name: firstName } = await firstSellableOfItsName(page);
  await firstCard.getByRole('button', { name: 'Set Price' }).click();
  const priceDialog = page.getByRole('dialog', { name: 'Set Your Selling Price' });
  const add = priceDialog.getByRole('button', { name: 'Add to Sell List' });
  await expect(add).toBeDisabled();
  await priceDialog.getByLabel('Selling Price (USD)').fill('0');
  await expect(add).toBeDisabled();
  await expect(priceDialog.getByText('Please enter a valid price')).toBeVisible();
  await priceDialog.getByLabel('Selling Price (USD)').fill('12.34');
  const breakdown = priceDialog.getByRole('region', { name: 'Payment breakdown' });
  await expect(breakdown).toContainText('$12.34');
  await expect(breakdown).toContainText('-$0.37');
  await expect(breakdown).toContainText('$11.97');
  await add.click();
  await expect(priceDialog).toBeHidden();
  await expect(firstCard.getByRole('button', { name: 'In Sell List' })).toBeDisabled();

  const secondName = await addFirstSellable(page, '5');
  // A third item, removed again.
  const thirdName = await addFirstSellable(page, '1.00');
  await sellList(page).getByRole('button', { name: `Remove ${thirdName}` }).click();
  await expect(sellList(page)).not.toContainText(thirdName);

  await expect(sellList(page).getByRole('list', { name: 'Items to sell' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('sell-list-total')).toHaveText('$17.34');
  await expect(sellList(page)).toContainText('$16.82');

  // Put Up For Sale: the trade-URL dialog first if none is saved, then the trade progress dialog.
  const hasTradeUrl = Boolean(await savedTradeUrl(page));
  await sellList(page).getByRole('button', { name: 'Put Up For Sale' }).click();
  await saveTradeUrlIfAsked(page, seller.steamId, hasTradeUrl);

  const waiting = page.getByRole('dialog', { name: 'Waiting for You to Accept' });
  // One check: the simulated Steam accepts within seconds, so the waiting face may not last long.
  await expect(waiting).toContainText('We sent you a Steam trade offer for your 2 items', { timeout: 30_000 });

  const accepted = page.getByRole('dialog', { name: 'Trade Accepted' });
  await expect(accepted).toBeVisible({ timeout: 30_000 });
  // Behind the dialog (so not by role): the sell list was emptied.
  await expect(page.getByText('Your sell list is empty')).toBeVisible();
  await expect(page.getByTestId('sell-list-total')).toHaveText('$0.00');

  // The server holds both as listings in Steam's trade protection.
  const listings = ((await (await page.request.get('/api/listings')).json()) as ListingsPage).items;
  expect(listings).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: firstName, status: 'holding', sellPrice: '12.34' }),
      expect.objectContaining({ name: secondName, status: 'holding', sellPrice: '5.00' }),
    ]),
  );

  await accepted.getByRole('link', { name: 'View My Listings' }).click();
  await expect(page).toHaveURL(/\/listings$/);
});

test('a declined offer shows Trade Canceled, and Try Again starts over on the Sell tab', async ({ page }) => {
  test.setTimeout(120_000);
  const decliner = DEMO_ACCOUNTS.decliner;
  await signInAs(page, decliner.personaName);
  await openSellTab(page);

  await addFirstSellable(page, '3.21');
  const hasTradeUrl = Boolean(await savedTradeUrl(page));
  await sellList(page).getByRole('button', { name: 'Put Up For Sale' }).click();
  await saveTradeUrlIfAsked(page, decliner.steamId, hasTradeUrl);

  const canceled = page.getByRole('alertdialog', { name: 'Trade Canceled' });
  await expect(canceled).toBeVisible({ timeout: 30_000 });
  await expect(canceled).toContainText(
    'Trade offer failed. Please check your trade URL and try again. If you need assistance, please open a support ticket.',
  );

  await canceled.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/market\/sell$/);
  await expect(sellCards(page).first()).toBeVisible({ timeout: 15_000 });
  await expect(canceled).toHaveCount(0);
  await expect(sellList(page)).toContainText('Your sell list is empty');
});

test('Cancel Trade while the offer is being sent calls it off at Steam as soon as its id arrives', async ({ page }) => {
  test.setTimeout(120_000);
  const steamId = await signInAsNewUser(page);
  await openSellTab(page);
  await addFirstSellable(page, '4.56');

  // The server creates and sends the offer at once; its answer reaches the page only after the
  // click, so the click lands while the dialog still says the offer is being sent.
  let releaseAnswer = () => {};
  const clicked = new Promise<void>((resolve) => (releaseAnswer = resolve));
  await page.route('**/api/trade-offers', async (route) => {
    const response = await route.fetch();
    await clicked;
    await route.fulfill({ response });
  });
  const created = page.waitForResponse((response) => response.url().endsWith('/api/trade-offers') && response.request().method() === 'POST');
  await sellList(page).getByRole('button', { name: 'Put Up For Sale' }).click();
  await saveTradeUrlIfAsked(page, steamId, false);

  const sending = page.getByRole('dialog', { name: 'Sending Trade Offer' });
  await expect(sending).toBeVisible({ timeout: 30_000 });
  await sending.getByRole('button', { name: 'Cancel Trade' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Trade Canceled' })).toBeVisible();

  const calledOff = page.waitForResponse((response) => /\/api\/trade-offer\/[0-9a-f-]{36}\/cancel$/.test(response.url()));
  releaseAnswer();
  const { offerId } = (await (await created).json()) as { offerId: string };
  const cancel = await calledOff;
  expect(cancel.url()).toContain(`/api/trade-offer/${offerId}/cancel`);
  expect(cancel.status()).toBe(200);
  const answer = (await cancel.json()) as { success: boolean; isAccepted: boolean; state: string };

  // Steam's counterparty answers a second after the send: the cancel came first, or the seller
  // "accepted" first and is told the items are listed after all. Either way the server agrees.
  const status = (await (await page.request.get(`/api/trade-offer/${offerId}/status`)).json()) as typeof answer;
  if (answer.isAccepted) {
    await expect(page.getByText('Your items are on the market now.').first()).toBeVisible();
    expect(status.isAccepted).toBe(true);
  } else {
    expect(answer).toMatchObject({ success: false, state: 'Canceled' });
    expect(status).toMatchObject({ success: false, isAccepted: false, state: 'Canceled' });
  }
});

test("the Inventory's List for Sale sends a trade offer after asking for the trade URL", async ({ page }) => {
  test.setTimeout(120_000);
  const steamId = await signInAsNewUser(page);
  await page.goto('/inventory');

  const cards = page.getByRole('list', { name: 'Inventory items' }).getByRole('listitem');
  const listable = (itemName: string) =>
    cards.filter({ has: page.getByRole('heading', { name: itemName, exact: true }) }).filter({ has: page.getByRole('button', { name: 'List for Sale', disabled: false }) });
  const card = cards.filter({ has: page.getByRole('button', { name: 'List for Sale', disabled: false }) }).first();
  const name = await textOf(card.getByRole('heading'));
  // Counted, as an inventory can hold two items of one name: one fewer can be listed afterwards.
  const listableBefore = await listable(name).count();
  await card.getByRole('button', { name: 'List for Sale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sell Item' });
  await dialog.getByLabel('Your Price (USD)').fill('2.50');
  await dialog.getByRole('button', { name: 'Send Trade Offer' }).click();

  await saveTradeUrlIfAsked(page, steamId, false);

  const sent = page.getByRole('dialog', { name: 'Trade Offer Sent' });
  await expect(sent).toBeVisible({ timeout: 30_000 });
  await sent.getByRole('button', { name: 'Cancel' }).click();
  await expect(sent).toBeHidden();
  // The item is in an open offer (or already with the bot): it cannot be listed again.
  await expect(listable(name)).toHaveCount(listableBefore - 1, { timeout: 10_000 });
  const offers = ((await (await page.request.get('/api/listings')).json()) as ListingsPage).items;
  // Accepted after SIM_TRADE_ACCEPT_MS, once the offer is read: the listing may or may not exist yet.
  expect(offers.every((listing) => listing.name === name)).toBe(true);
});
