/**
 * Buy orders and suggested prices as two people use them, in two browser contexts against the real
 * server: a buyer places a buy order for two of an item from its dialog (the balance reserved), a
 * seller with two of that item lists one from the Sell tab with 'Sell to buy order' (after trying
 * 'Match lowest'), the buyer's My Buy Orders moves to '1 of 2 bought' live, and cancelling returns
 * the unfilled half to the balance, to the cent.
 */
import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { generateInventory } from '../../api/dev/steam/demoInventory';
import { priceHistoryAnswer } from '../../shared/answers/items';
import { parseAnswer } from '../../shared/answers/z';
import { formatUsd, parseMoney } from '../../shared/money';
import type { InventoryItem, InventoryResponse } from '../../shared/schemas/inventory';
import type { ListingsPage, TradeOfferCreated } from '../../shared/schemas/market';
import { openPage } from './helpers/hydration';
import { saveTradeUrl, tradeUrlOf } from './helpers/selling';
import { openSellTab, putUpForSale, sellCards, sellList } from './helpers/sellTab';
import { randomSteamId, signInAsNewUser } from './helpers/signIn';
import { creditBankWire, navBalance } from './helpers/wallet';

test.use({ viewport: { width: 1280, height: 900 } });
// Two people, two trades with the simulated bot, on a machine that may be busy.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * A new account whose (deterministic, simulated) inventory holds two sellable copies of one item,
 * and nothing else of that skin (another exterior would share its name on the Sell tab's cards).
 */
function sellerWithTwoOfAKind(): string {
  for (;;) {
    const steamId = randomSteamId();
    const inventory = generateInventory(steamId);
    const sellable = inventory.filter((entry) => entry.tradable && entry.marketable);
    const twins = sellable.filter((item) => sellable.filter((other) => other.classid === item.classid).length === 2);
    if (twins.some((twin) => inventory.every((other) => other.catalogKey !== twin.catalogKey || other.classid === twin.classid))) return steamId;
  }
}

/** The two copies, as the API names them: the only two items of their name in the inventory. */
async function twoOfAKind(page: Page): Promise<[InventoryItem, InventoryItem]> {
  const { items } = (await (await page.request.get('/api/inventory')).json()) as InventoryResponse;
  for (const item of items) {
    const named = items.filter((other) => other.name === item.name);
    if (named.length === 2 && named.every((copy) => copy.marketHashName === item.marketHashName && copy.tradable && copy.marketable && !copy.listed)) {
      return [named[0]!, named[1]!];
    }
  }
  throw new Error('no item twice in the inventory');
}

/** Lists one given item at `price` through the API, waits until the bot's offer is accepted, and resolves with the listing's id. */
async function listViaApi(page: Page, steamId: string, item: InventoryItem, price: string): Promise<string> {
  const created = await page.request.post('/api/trade-offers', { data: { items: [{ assetid: item.assetid, price }], tradeUrl: tradeUrlOf(steamId) } });
  expect(created.status(), await created.text()).toBe(201);
  const { offerId } = (await created.json()) as TradeOfferCreated;
  await expect
    .poll(async () => ((await (await page.request.get(`/api/trade-offer/${offerId}/status`)).json()) as { isAccepted: boolean }).isAccepted, {
      timeout: 30_000,
      intervals: [500],
    })
    .toBe(true);
  const { items } = (await (await page.request.get('/api/listings?limit=1')).json()) as ListingsPage;
  expect(items[0]?.name).toBe(item.name);
  return items[0]!.id;
}

test('a buy order placed from the item dialog fills when a seller lists at its price, and cancelling returns the rest', async ({ browser }) => {
  const sellerId = sellerWithTwoOfAKind();
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signInAsNewUser(seller, sellerId);
  await saveTradeUrl(seller, sellerId);
  const [first, second] = await twoOfAKind(seller);
  // The first copy goes on sale dear, so the buyer finds the item on the market.
  const listingId = await listViaApi(seller, sellerId, first, '900.00');

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const buyerId = await signInAsNewUser(buyer);
  await saveTradeUrl(buyer, buyerId);
  await creditBankWire(buyerId, '100.00');

  // The market's link to one listing opens its dialog (as a price alert's notification does).
  await openPage(buyer, `/market?listing=${listingId}`);
  const dialog = buyer.getByRole('dialog', { name: first.name });
  const form = dialog.getByRole('form', { name: 'Place a buy order' });
  await form.getByLabel('Price per item (USD)').fill('40.00');
  await form.getByLabel('Quantity').fill('2');
  await expect(form.getByText('Reserved from your balance').locator('..')).toContainText('$80.00');
  await form.getByRole('button', { name: 'Place Buy Order' }).click();
  await expect(buyer.getByText('Buy Order Placed')).toBeVisible();
  await expect(dialog.getByRole('table', { name: /wanted in all/ }).getByRole('row', { name: '$40.00 2' })).toBeVisible();
  await buyer.keyboard.press('Escape');
  await expect(navBalance(buyer)).toHaveAccessibleName('Balance $20.00');

  await openPage(buyer, '/buy-orders');
  const order = buyer.getByRole('list', { name: 'Your buy orders' }).getByRole('listitem').filter({ hasText: first.name });
  await expect(order).toContainText('0 of 2 bought');
  await expect(order).toContainText('$80.00 reserved');

  // The seller prices the second copy from the suggestions: the lowest listing first, then the buy order.
  const weekAnswer = await seller.request.get(`/api/items/${encodeURIComponent(second.marketHashName)}/price-history?days=7`);
  const week = parseAnswer(priceHistoryAnswer, await weekAnswer.json());
  if (!week.ok) throw new Error(week.problem);
  await openSellTab(seller);
  const card = sellCards(seller).filter({ hasText: second.name }).filter({ has: seller.getByRole('button', { name: 'Set Price' }) }).first();
  await card.getByRole('button', { name: 'Set Price' }).click();
  const priceDialog = seller.getByRole('dialog', { name: 'Set Your Selling Price' });
  const prices = priceDialog.getByRole('region', { name: 'Market prices' });
  await expect(prices).toContainText(`Lowest listing${formatUsd(parseMoney(week.value.lowestListing!)!)}`);
  await expect(prices).toContainText('Highest buy order$40.00');
  await prices.getByRole('button', { name: 'Match lowest' }).click();
  await expect(priceDialog.getByLabel('Selling Price (USD)')).toHaveValue(week.value.lowestListing!);
  await prices.getByRole('button', { name: 'Sell to buy order' }).click();
  await expect(priceDialog.getByLabel('Selling Price (USD)')).toHaveValue('40.00');
  // 3% of $40.00 is $1.20.
  await expect(priceDialog.getByRole('region', { name: 'Payment breakdown' })).toContainText('You Receive$38.80');
  await priceDialog.getByRole('button', { name: 'Add to Sell List' }).click();
  await expect(sellList(seller)).toContainText(second.name);
  await putUpForSale(seller, sellerId);

  // The fill reaches the buyer's open screen over the event stream.
  await expect(order).toContainText('1 of 2 bought');
  await expect(order).toContainText('$40.00 reserved');
  await expect(navBalance(buyer)).toHaveAccessibleName('Balance $20.00');

  await order.getByRole('button', { name: 'Cancel' }).click();
  const confirm = buyer.getByRole('alertdialog', { name: 'Cancel this buy order?' });
  await expect(confirm).toContainText('$40.00');
  await confirm.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(order).toContainText('Cancelled');
  await expect(navBalance(buyer)).toHaveAccessibleName('Balance $60.00');

  // A second cancel of the same order is refused and moves nothing.
  const [mine] = ((await (await buyer.request.get('/api/buy-orders')).json()) as { items: Array<{ id: string }> }).items;
  const again = await buyer.request.post(`/api/buy-orders/${mine!.id}/cancel`, { headers: { 'Idempotency-Key': randomUUID() } });
  expect(again.status()).toBe(409);
  await sellerContext.close();
  await buyerContext.close();
});
