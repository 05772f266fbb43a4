/**
 * The whole product in one journey, as two people use it: a visitor browses the
 * market, signs in through (simulated) Steam, tops up through the hosted checkout and sells two
 * items from the Sell tab; a second user buys one of them; the trade hold passes; the seller sees
 * 'Payment Completed' and the balance rise by exactly the price less the 3% fee, the unsold item
 * goes on sale, and the buyer's order shows delivered.
 *
 * Runs on its own server with a 45-second hold (playwright.journey.config.ts); the server's
 * background jobs end the hold and deliver (sweep every 5 s in simulated mode), so the waits
 * below are for those jobs.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { saveTradeUrl } from './helpers/selling';
import { addToSellList, openSellTab, putUpForSale } from './helpers/sellTab';
import { signInAsNewUser } from './helpers/signIn';
import { navBalance, topUp } from './helpers/wallet';

const VIEWPORT = { width: 1280, height: 900 };
test.use({ viewport: VIEWPORT });

const expect = baseExpect.configure({ timeout: 15_000 });

/** The hold (45 s) plus a sweep, a delivery offer accepted by the simulated buyer and the screens' polling, on a busy machine. */
const HOLD_AND_DELIVERY_MS = 150_000;

function marketCards(page: Page) {
  return page.getByRole('list', { name: 'Skins for sale' }).getByRole('listitem');
}

function listingCard(page: Page, name: string, price: string) {
  return page.getByRole('article', { name }).filter({ hasText: price });
}

test('a visitor signs in, tops up and sells two items; another user buys one; after the hold the seller is paid and the buyer has it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(420_000);

  // A visitor browses the market.
  await page.goto('/market');
  await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
  await expect(marketCards(page).first()).toBeVisible();

  // Signs in with (simulated) Steam as a new account, and tops up through the hosted checkout.
  const sellerSteamId = await signInAsNewUser(page);
  await expect(navBalance(page)).toHaveAccessibleName('Balance $0.00');
  await topUp(page, '50.00');
  await expect(navBalance(page)).toHaveAccessibleName('Balance $50.00');

  // Sells two items from the Sell tab; the bot's offer is accepted.
  await openSellTab(page);
  const soldName = await addToSellList(page, '20.00');
  const keptName = await addToSellList(page, '8.40');
  await putUpForSale(page, sellerSteamId);
  await page.goto('/listings');
  await expect(listingCard(page, soldName, '$20.00').getByText('Trade Protection Hold')).toBeVisible();
  await expect(listingCard(page, keptName, '$8.40').getByText('Trade Protection Hold')).toBeVisible();

  // A second user, in a browser of their own, finds the $20.00 item on the market and buys it.
  const buyerContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: VIEWPORT });
  try {
    const buyer = await buyerContext.newPage();
    const buyerSteamId = await signInAsNewUser(buyer);
    await saveTradeUrl(buyer, buyerSteamId);
    await topUp(buyer, '100.00');
    await buyer.goto(`/market?search=${encodeURIComponent(soldName)}`);
    const card = marketCards(buyer)
      .filter({ has: buyer.getByRole('heading', { name: soldName, exact: true }) })
      .filter({ hasText: '$20.00' })
      .first();
    await card.getByRole('button', { name: `Add ${soldName} to cart` }).click();
    await buyer.getByRole('button', { name: 'Cart, 1 item' }).click();
    await buyer.getByRole('button', { name: 'Purchase' }).click();
    await expect(buyer).toHaveURL(/\/checkout\?order=[0-9a-f-]{36}$/);
    await expect(buyer.getByText('Purchase Successful')).toBeVisible();
    await expect(navBalance(buyer)).toHaveAccessibleName('Balance $80.00');
    const order = buyer.getByRole('article').filter({ hasText: soldName }).first();

    // The hold passes: the seller's My Listings shows the sale paid (it polls), the other item on sale.
    const sold = listingCard(page, soldName, '$20.00');
    await expect(sold.getByText('Payment Completed')).toBeVisible({ timeout: HOLD_AND_DELIVERY_MS });
    await expect(sold).toContainText('Funds added to your account balance');
    await expect(listingCard(page, keptName, '$8.40').getByText('On Sale', { exact: true }).first()).toBeVisible({ timeout: HOLD_AND_DELIVERY_MS });
    // $50.00 + $20.00 - 3% ($0.60), exactly once.
    await expect(navBalance(page)).toHaveAccessibleName('Balance $69.40');

    // The buyer's order on /checkout shows the item delivered.
    await expect(order.getByTestId('delivery-state')).toHaveText('Delivered to your Steam inventory', { timeout: HOLD_AND_DELIVERY_MS });
    await expect(navBalance(buyer)).toHaveAccessibleName('Balance $80.00');
  } finally {
    await buyerContext.close();
  }
});
