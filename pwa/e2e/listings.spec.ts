/**
 * My Listings as a seller sees it: the sign-in notice for visitors, the empty state of a new
 * account, and listings made through the real sell flow's API (POST /api/trade-offers for items of
 * the account's simulated Steam inventory; the simulated bot's counterparty accepts after
 * SIM_TRADE_ACCEPT_MS, 1 s in the Playwright config), shown in their trade-protection hold with a
 * live countdown and progress, then one cancelled from its card; and more listings than a page,
 * the next page loading as the seller scrolls, all of them still shown offline.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LISTINGS_PAGE_SIZE } from '../../shared/constants';
import type { ListingsPage } from '../../shared/schemas/market';
import { indexedDbCounts, waitForServiceWorker } from './helpers/offline';
import { sellViaApi } from './helpers/selling';
import { signInAsNewUser } from './helpers/signIn';
import { textOf } from './helpers/text';

test.use({ viewport: { width: 1280, height: 900 } });

function listingCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Your listings' }).getByRole('listitem');
}

/** Each card's Sell Price as the API wrote it ('12.34'). */
function sellPrices(cards: Locator): Promise<string[]> {
  return cards.evaluateAll((cells) => cells.map((cell) => /Sell Price\$([\d,]+\.\d{2})/.exec(cell.textContent ?? '')?.[1]?.replace(/,/g, '') ?? ''));
}

test('signed out, My Listings asks the visitor to sign in', async ({ page }) => {
  await page.goto('/listings');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Login with Steam' })).toHaveAttribute('href', '/auth/steam');
});

test('a new seller sees the empty state and the way to the Sell tab', async ({ page }) => {
  await signInAsNewUser(page);
  await page.goto('/listings');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'My Listings', level: 1 })).toBeVisible();
  await expect(main.getByText('Track your item sales and earnings')).toBeVisible();
  await expect(main.getByRole('link', { name: 'List More Items' })).toHaveAttribute('href', '/market#sell');

  await expect(main.getByRole('heading', { name: 'No Listings Yet' })).toBeVisible();
  await expect(main.getByText('Start selling your CS2 items to see them here during the hold period')).toBeVisible();
  await main.getByRole('link', { name: 'Start Selling' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/market' && url.hash === '#sell');
});

test('sold items show their hold with a live countdown, and one can be cancelled', async ({ page }) => {
  const steamId = await signInAsNewUser(page);
  const names = await sellViaApi(page, steamId, ['12.34', '5.00']);

  // A controllable clock, so the countdown can be watched ticking without waiting minutes.
  await page.clock.install();
  await page.goto('/listings');
  const cards = listingCards(page);
  await expect(cards).toHaveCount(2);
  for (const name of names) await expect(page.getByRole('article', { name })).toBeVisible();

  // Newest first; both came from one offer, so find each by its price.
  const first = cards.filter({ hasText: '$12.34' });
  await expect(first.getByText('Trade Protection Hold')).toBeVisible();
  await expect(first.getByText('Hold Period')).toBeVisible();
  await expect(first.getByText(/^\d+% complete$/)).toBeVisible();
  await expect(first.getByRole('progressbar', { name: 'Hold period progress' })).toBeVisible();
  await expect(first).toContainText('Sell Price$12.34');
  await expect(first).toContainText('Platform Fee (3%)-$0.37');
  await expect(first).toContainText('You Receive$11.97');
  await expect(first).toContainText(/Listed [A-Z][a-z]{2} \d{1,2}, \d{4}/);

  const countdown = first.getByLabel(/^Time remaining: /);
  await expect(countdown).toHaveText(/^(\d+d )?(\d+h )?\d+m$/);
  const before = await textOf(countdown);
  await page.clock.fastForward('03:00');
  await expect(countdown).not.toHaveText(before);
  await expect(countdown).toHaveText(/^(\d+d )?(\d+h )?\d+m$/);

  const onSale = page.getByRole('definition').filter({ hasText: /^\d+$/ });
  await expect(onSale).toHaveText('2');

  // Cancel the $5.00 listing from its card, after confirming.
  const second = cards.filter({ hasText: '$5.00' });
  await second.getByRole('button', { name: /^Cancel listing: / }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this listing?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Steam's trade protection keeps the item with our bot until");
  await dialog.getByRole('button', { name: 'Cancel Listing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/is no longer on sale\. Watch for the bot's trade offer in Steam\./)).toBeVisible();

  await expect(second.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(second).toContainText('You cancelled this listing.');
  await expect(second.getByRole('button', { name: /^Cancel listing: / })).toHaveCount(0);
  await expect(second.getByText('Hold Period')).toHaveCount(0);
  // The server's summary follows.
  await expect(onSale).toHaveText('1');
  // The other one is untouched.
  await expect(first.getByText('Trade Protection Hold')).toBeVisible();
  await expect(first.getByRole('button', { name: /^Cancel listing: / })).toBeVisible();

  // The server agrees, and a reload shows the same.
  const listings = ((await (await page.request.get('/api/listings')).json()) as ListingsPage).items;
  expect(listings.map(({ sellPrice, status, cancelReason }) => ({ sellPrice, status, cancelReason })).sort((a, b) => a.sellPrice.localeCompare(b.sellPrice))).toEqual([
    { sellPrice: '12.34', status: 'holding', cancelReason: null },
    { sellPrice: '5.00', status: 'cancelled', cancelReason: 'seller' },
  ]);
});

test('more listings than a page: the next page loads as the seller scrolls, and offline every loaded card stays', async ({ page, context }) => {
  // Selling a page and more through the bot, then a reload with the network off.
  test.setTimeout(90_000);
  const steamId = await signInAsNewUser(page);
  const count = LISTINGS_PAGE_SIZE + 2;
  const prices = Array.from({ length: count }, (_, index) => `${index + 1}.25`);
  await sellViaApi(page, steamId, prices);

  await page.goto('/listings');
  await waitForServiceWorker(page);
  const cards = listingCards(page);
  // A page of cards renders in a background pass (MyListingsScreen.tsx): slower than a few.
  await expect(cards).toHaveCount(LISTINGS_PAGE_SIZE, { timeout: 15_000 });
  // The summary counts every listing, not only the page on screen.
  await expect(page.getByRole('definition').filter({ hasText: /^\d+$/ })).toHaveText(String(count));

  // Scrolled to the end of the grid: the rest arrive without a click, each listing once. Cards off
  // screen are laid out at an estimated height (content-visibility), so the end moves as they
  // render: scroll again until it stays.
  await expect(async () => {
    await cards.last().evaluate((card) => card.scrollIntoView({ block: 'end' }));
    await expect(cards).toHaveCount(count, { timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  expect((await sellPrices(cards)).sort()).toEqual([...prices].sort());

  // Every loaded page is kept on the device, and shown with the network off.
  await expect.poll(async () => (await indexedDbCounts(page)).listings).toBe(count);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByText(/^Offline: last updated /)).toBeVisible();
    await expect(cards).toHaveCount(count, { timeout: 15_000 });
    expect((await sellPrices(cards)).sort()).toEqual([...prices].sort());
    await expect(page.getByRole('definition').filter({ hasText: /^\d+$/ })).toHaveText(String(count));
  } finally {
    await context.setOffline(false);
  }
});
