/**
 * POST /api/purchases and the buyer's standing: a buyer whose deliveries keep failing because of
 * them (declined, or their trade URL cannot receive) is restricted from buying for a while, failures
 * that were not theirs never count, and before anyone pays Steam must confirm (once a day per trade
 * URL) that it will deliver to their trade URL. Everything runs through the real app, the simulated
 * Steam and its trade bot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_FAILURE_LIMIT, PURCHASE_RESTRICTION_DAYS } from '../../../shared/constants';
import { deliveryRetrier } from '../../commands/deliveryRetrier';
import { holdEnder } from '../../commands/holdEnder';
import { setTradingProfile, STEAM_OUTAGE_STEAM_ID } from '../../dev/steam/accounts';
import { createSimulatedTradeBot } from '../../dev/steam/bot/simulatedTradeBot';
import { purchasesRestrictedMessage, purchasesRestrictedUntil } from '../../market/buyerStanding';
import { STEAM_CHECK_UNAVAILABLE, TRADE_URL_CANNOT_RECEIVE, tradeHoldMessage } from '../../market/tradeUrlCheck';
import {
  balanceCents,
  buy,
  type Buyer,
  endHold,
  eventually,
  listingRow,
  listItems,
  orderItemRow,
  reverseDeposit,
  signInBuyer,
  signInSeller,
  sweep,
  tradeUrlOf,
} from '../../test/selling';
import { startTestApp, type TestApp } from '../../test/testApp';
import { idempotencyKey } from '../../test/wallet';

const HOLD_MS = 1000;
let app: TestApp;
/** Same database, long protection: reversals are made well inside it, and no sweep ends its holds. */
let longHold: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '150', TRADE_HOLD_MS: String(HOLD_MS) } });
  longHold = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '150', TRADE_HOLD_MS: '120000' } });
});
afterAll(async () => {
  await app.close();
  await longHold.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

interface Answer {
  orderId?: string;
  message?: string;
  code?: string;
  fields?: Record<string, string>;
}

const purchase = (buyer: Buyer, listingIds: string[]) => buyer.client.post<Answer>('/api/purchases', { listingIds }, idempotencyKey());

async function query<T>(sql: string, params: unknown[]): Promise<T[]> {
  return (await app.services.dataSource.query(sql, params)) as T[];
}

const failureReasons = async (buyer: Buyer) =>
  (await query<{ reason: string }>('SELECT reason FROM delivery_failures WHERE buyer_id = $1 ORDER BY reason', [buyer.userId])).map((row) => row.reason);

/** What a refused purchase must leave as it was: the balance, the listings unsold, no order, no event. */
async function expectNothingBought(target: TestApp, buyer: Buyer, listingIds: string[], balance: bigint, orders: number) {
  expect(await balanceCents(target, buyer.userId)).toBe(balance);
  const [sold] = await query<{ n: number }>('SELECT count(*)::int AS n FROM listings WHERE id = ANY($1) AND sold_at IS NOT NULL', [listingIds]);
  expect(sold!.n).toBe(0);
  const [placed] = await query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE buyer_id = $1', [buyer.userId]);
  expect(placed!.n).toBe(orders);
  const [events] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM domain_events WHERE user_id = $1 AND type = 'order' AND payload->>'status' = 'created'`, [
    buyer.userId,
  ]);
  expect(events!.n).toBe(orders);
}

/** Sweeps until the order item's delivery is settled either way. */
function settle(target: TestApp, orderItemId: string) {
  return eventually(
    async () => {
      await sweep(target);
      return orderItemRow(target, orderItemId);
    },
    (item) => item.status === 'delivered' || item.status === 'failed',
  );
}

/** Buys each listing in an order of its own; the buyer declines each delivery once the hold is over. */
async function buyAndDecline(buyer: Buyer, listingIds: string[]): Promise<void> {
  const sales = [];
  for (const id of listingIds) sales.push(await buy(app, buyer, id));
  for (const id of listingIds) await endHold(app, id);
  for (const sale of sales) expect((await settle(app, sale.orderItemId)).status).toBe('failed');
}

/** A buyer with funds whose Steam account declines every trade offer. */
async function decliningBuyer(funds = '50.00'): Promise<Buyer> {
  const buyer = await signInBuyer(app, funds);
  await setTradingProfile(app.services.dataSource, buyer.steamId, { declinesOffers: true });
  return buyer;
}

const latestFailure = async (buyer: Buyer) =>
  (await query<{ latest: Date }>('SELECT max(failed_at) AS latest FROM delivery_failures WHERE buyer_id = $1', [buyer.userId]))[0]!.latest;

describe('deliveries the buyer declined', () => {
  it(`restrict buying once ${DELIVERY_FAILURE_LIMIT} have failed, for ${PURCHASE_RESTRICTION_DAYS} days from the latest; fewer do not`, async () => {
    const seller = await signInSeller(app);
    const listed = await listItems(app, seller, DELIVERY_FAILURE_LIMIT + 1, '2.00');
    const buyer = await decliningBuyer();

    await buyAndDecline(
      buyer,
      listed.slice(0, DELIVERY_FAILURE_LIMIT - 1).map((listing) => listing.id),
    );
    // One short of the limit: the buyer still buys, and declines that one too.
    await buyAndDecline(buyer, [listed[DELIVERY_FAILURE_LIMIT - 1]!.id]);
    expect(await failureReasons(buyer)).toEqual(Array.from({ length: DELIVERY_FAILURE_LIMIT }, () => 'declined'));

    const last = listed[DELIVERY_FAILURE_LIMIT]!;
    const balance = await balanceCents(app, buyer.userId);
    const refused = await purchase(buyer, [last.id]);
    expect(refused.status).toBe(403);
    const until = new Date((await latestFailure(buyer)).getTime() + PURCHASE_RESTRICTION_DAYS * DAY_MS);
    expect(refused.body).toEqual({ code: 'purchases_restricted', message: purchasesRestrictedMessage(until) });
    expect(refused.body.message).toMatch(/^You cannot buy until \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC: /);
    await expectNothingBought(app, buyer, [last.id], balance, DELIVERY_FAILURE_LIMIT);

    // The restriction is over (the failures are still within the window, but all are older than it).
    await app.services.dataSource.query(
      `UPDATE delivery_failures SET failed_at = failed_at - make_interval(days => $2) - interval '1 minute' WHERE buyer_id = $1`,
      [buyer.userId, PURCHASE_RESTRICTION_DAYS],
    );
    expect((await purchase(buyer, [last.id])).status).toBe(201);
  });

  it('count only when within 30 days of one another, and restrict until 7 days after the latest', async () => {
    const seller = await signInSeller(app);
    const listed = await listItems(app, seller, 3, '1.00');
    const buyer = await decliningBuyer('10.00');
    await buyAndDecline(
      buyer,
      listed.map((listing) => listing.id),
    );
    const items = (await query<{ order_item_id: string }>('SELECT order_item_id FROM delivery_failures WHERE buyer_id = $1 ORDER BY order_item_id', [buyer.userId])).map(
      (row) => row.order_item_id,
    );
    const now = new Date();
    /** Moves the three failures to `daysAgo` and answers until when the buyer is restricted. */
    const restrictedUntilWith = async (daysAgo: [number, number, number]) => {
      for (const [index, days] of daysAgo.entries()) {
        await app.services.dataSource.query('UPDATE delivery_failures SET failed_at = $2 WHERE order_item_id = $1', [items[index], new Date(now.getTime() - days * DAY_MS)]);
      }
      return (await purchasesRestrictedUntil(app.services.dataSource, buyer.userId, now))?.getTime() ?? null;
    };
    expect(await restrictedUntilWith([1, 2, 29])).toBe(now.getTime() + 6 * DAY_MS);
    // The oldest is 35 days old, but within 30 days of the latest: together they still count.
    expect(await restrictedUntilWith([6, 20, 35])).toBe(now.getTime() + DAY_MS);
    expect(await restrictedUntilWith([1, 2, 32])).toBeNull();
    expect(await restrictedUntilWith([8, 9, 10])).toBeNull();
  });
});

describe('failures the buyer did not cause', () => {
  it('never count: the seller reversing the deposit, the bot unable to send', async () => {
    const buyer = await signInBuyer(longHold, '50.00');

    // Two sales the seller reverses during the hold (one deposit trade brought both items in):
    // refunded, the listings cancelled.
    const reverser = await signInSeller(longHold);
    const reversed = await listItems(longHold, reverser, 2, '3.00');
    const reversedSales = [];
    for (const listing of reversed) reversedSales.push(await buy(longHold, buyer, listing.id));
    await reverseDeposit(longHold, reversed[0]!.id);
    await sweep(longHold);
    for (const sale of reversedSales) expect((await orderItemRow(longHold, sale.orderItemId)).status).toBe('failed');

    // A sale whose delivery the bot cannot send, three times: refunded, the listing on sale again.
    // The bot's protection on the item is over, but the listing's hold end (and so every sweep's
    // hold end and retries) is far off: this test alone drives it, `now` moved past each wait.
    const seller = await signInSeller(longHold);
    const [unsendable] = await listItems(longHold, seller, 1, '4.00');
    const sale = await buy(longHold, buyer, unsendable!.id);
    const listing = await listingRow(longHold, unsendable!.id);
    await longHold.services.dataSource.query('UPDATE sim_steam_items SET protected_until = now() WHERE assetid = $1', [listing.botAssetid]);
    const offline = createSimulatedTradeBot({
      baseUrl: 'http://127.0.0.1:9/dev/steam',
      dataSource: longHold.services.dataSource,
      logger: longHold.services.logger,
      holdMs: 120_000,
    });
    const services = { ...longHold.services, bot: { ...longHold.services.bot, sendOffer: offline.sendOffer } };
    const later = (ms: number) => new Date(listing.holdEndTime.getTime() + ms);
    expect(await holdEnder({ listingId: listing.id, services, now: later(1_000) })).toBe('delivery_started');
    expect(await deliveryRetrier({ orderItemId: sale.orderItemId, services, now: later(10 * 60_000) })).toBe('retried');
    expect(await deliveryRetrier({ orderItemId: sale.orderItemId, services, now: later(20 * 60_000) })).toBe('retried');
    expect(await deliveryRetrier({ orderItemId: sale.orderItemId, services, now: later(30 * 60_000) })).toBe('refunded');
    expect(await orderItemRow(longHold, sale.orderItemId)).toMatchObject({ status: 'failed', deliveryAttempts: 3 });

    expect(await failureReasons(buyer)).toEqual(['send_failed', 'trade_reversed', 'trade_reversed']);
    const [another] = await listItems(longHold, seller, 1, '1.00');
    expect((await purchase(buyer, [another!.id])).status).toBe(201);
  });
});

describe("the buyer's trade URL", () => {
  it('is refused at purchase when Steam will not deliver to it (400 on tradeUrl), and nothing is bought', async () => {
    const seller = await signInSeller(app);
    const [listing] = await listItems(app, seller, 1, '5.00');
    const buyer = await signInBuyer(app, '20.00');
    await setTradingProfile(app.services.dataSource, buyer.steamId, { tradeBanned: true });
    const refused = await purchase(buyer, [listing!.id]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 'trade_url_cannot_receive', message: TRADE_URL_CANNOT_RECEIVE, fields: { tradeUrl: TRADE_URL_CANNOT_RECEIVE } });
    await expectNothingBought(app, buyer, [listing!.id], 2000n, 0);

    // An account whose incoming trades Steam holds (no mobile authenticator) is refused too.
    await setTradingProfile(app.services.dataSource, buyer.steamId, { tradeBanned: false, tradeHoldDays: 15 });
    const held = await purchase(buyer, [listing!.id]);
    expect(held.status).toBe(400);
    expect(held.body).toMatchObject({ code: 'trade_url_trade_hold', message: tradeHoldMessage(15), fields: { tradeUrl: tradeHoldMessage(15) } });
    await expectNothingBought(app, buyer, [listing!.id], 2000n, 0);

    await setTradingProfile(app.services.dataSource, buyer.steamId, { tradeHoldDays: 0 });
    expect((await purchase(buyer, [listing!.id])).status).toBe(201);
  });

  it('is refused with 503 when Steam does not answer the check, and nothing is bought', async () => {
    const seller = await signInSeller(app);
    const [listing] = await listItems(app, seller, 1, '5.00');
    // The simulated Steam rate-limits every request about this account.
    const buyer = await signInBuyer(app, '20.00', STEAM_OUTAGE_STEAM_ID);
    const balance = await balanceCents(app, buyer.userId);
    const orders = (await query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE buyer_id = $1', [buyer.userId]))[0]!.n;
    const refused = await purchase(buyer, [listing!.id]);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ code: 'steam_unavailable', message: STEAM_CHECK_UNAVAILABLE });
    expect(refused.headers.get('retry-after')).toBe('30');
    await expectNothingBought(app, buyer, [listing!.id], balance, orders);
  });

  it('is checked with Steam once a day while it stays the same: a busy buyer costs one Steam call', async () => {
    const seller = await signInSeller(app);
    const listed = await listItems(app, seller, 4, '1.00');
    const buyer = await signInBuyer(app, '20.00');
    const checks = () => query<{ trade_url: string; checked_at: Date }>('SELECT trade_url, checked_at FROM trade_url_checks WHERE user_id = $1', [buyer.userId]);

    expect((await purchase(buyer, [listed[0]!.id])).status).toBe(201);
    const [first] = await checks();
    expect(first!.trade_url).toBe(tradeUrlOf(buyer.steamId));
    // Steam would refuse it now, but the check of an hour ago stands: Steam is not asked again.
    await setTradingProfile(app.services.dataSource, buyer.steamId, { tradeBanned: true });
    expect((await purchase(buyer, [listed[1]!.id])).status).toBe(201);
    expect(await checks()).toEqual([first]);

    // Another trade URL is checked anew.
    const replaced = await buyer.client.request('PATCH', '/api/user/profile', { body: { tradeUrl: tradeUrlOf(buyer.steamId, 'n3wT0ken') } });
    expect(replaced.status).toBe(200);
    expect((await purchase(buyer, [listed[2]!.id])).status).toBe(400);

    // So is the same one once its check is a day old.
    await buyer.client.request('PATCH', '/api/user/profile', { body: { tradeUrl: tradeUrlOf(buyer.steamId) } });
    await app.services.dataSource.query(`UPDATE trade_url_checks SET checked_at = checked_at - interval '25 hours' WHERE user_id = $1`, [buyer.userId]);
    expect((await purchase(buyer, [listed[2]!.id])).status).toBe(400);
    await setTradingProfile(app.services.dataSource, buyer.steamId, { tradeBanned: false });
    expect((await purchase(buyer, [listed[3]!.id])).status).toBe(201);
    expect((await checks())[0]!.checked_at.getTime()).toBeGreaterThan(first!.checked_at.getTime());
  });

  it('that Steam refuses when the delivery is sent fails the sale as the buyer\'s doing, and is checked again at the next purchase', async () => {
    const seller = await signInSeller(app);
    const [sold, next] = await listItems(app, seller, 2, '2.00');
    const buyer = await signInBuyer(app, '20.00');
    const sale = await buy(app, buyer, sold!.id);
    // Banned after paying: the bot's offer is refused by Steam.
    await setTradingProfile(app.services.dataSource, buyer.steamId, { tradeBanned: true });
    await endHold(app, sold!.id);
    await eventually(
      () => orderItemRow(app, sale.orderItemId),
      (item) => item.status === 'failed' || item.deliveryAttempts >= 1,
    );
    // Past the retry's wait: Steam says the trade URL cannot receive, so there is no point retrying.
    const refunded = await eventually(
      async () => {
        await deliveryRetrier({ orderItemId: sale.orderItemId, services: app.services, now: new Date(Date.now() + 10 * 60_000) });
        return orderItemRow(app, sale.orderItemId);
      },
      (item) => item.status === 'failed',
    );
    expect(refunded).toMatchObject({ status: 'failed', deliveryAttempts: 1 });
    expect(await failureReasons(buyer)).toEqual(['cannot_receive']);
    expect(await balanceCents(app, buyer.userId)).toBe(2000n);

    // The check made when buying no longer stands.
    const refused = await purchase(buyer, [next!.id]);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('trade_url_cannot_receive');
  });
});
