/**
 * Buy orders filled by new deposit listings on a real PostgreSQL, through the offer synchronizer
 * (commands/tradeOfferSynchronizer.ts) as the bot's "accepted" arrives: price then time, at the
 * listing's price with the rest of the bid back to the cent, the max float, never the seller's own
 * bid, a closed bid, a frozen bidder or one without a trade URL; a unit never sold twice when fifty
 * deposits arrive at once; and a filled unit going the purchase's way after it (delivered and the
 * seller paid after the hold; a reversed trade refunds the bidder from the escrow).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyOrderCanceller } from '../commands/buyOrderCanceller';
import { createDataSource } from '../db/dataSource';
import { reversalApplier } from '../commands/reversalApplier';
import { BuyOrder, type Listing, Order, OrderItem, Sale, User } from '../entities';
import { availableBalance, escrowBalance, reserveBalance } from '../ledger/ledger';
import { expectLedgerInvariants } from '../test/ledgerInvariants';
import { acceptDeposit, knownItemName, placeBid } from '../test/buyOrders';
import { buildSales, buildUser } from '../test/factories';
import { endHold, eventually, listItems, orderItemRow, signInBuyer, signInSeller, sweep } from '../test/selling';
import { startTestApp, type TestApp } from '../test/testApp';
import { testDatabaseUrl } from '../test/database';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '150', TRADE_HOLD_MS: '1000' } });
});
afterAll(() => app.close());

const db = () => app.services.dataSource;
const bidRow = (id: string) => db().getRepository(BuyOrder).findOneByOrFail({ id });
/** The order item that bought the listing, with its order; null while on sale. */
async function saleOf(listing: Listing): Promise<{ item: OrderItem; order: Order } | null> {
  const item = await db().getRepository(OrderItem).findOneBy({ listingId: listing.id });
  return item ? { item, order: await db().getRepository(Order).findOneByOrFail({ id: item.orderId }) } : null;
}
async function eventsOf(userId: string, type: string): Promise<Array<Record<string, unknown>>> {
  const rows = (await db().query('SELECT payload FROM domain_events WHERE user_id = $1 AND type = $2 ORDER BY id', [userId, type])) as Array<{
    payload: Record<string, unknown>;
  }>;
  return rows.map((row) => row.payload);
}

describe('a new listing fills the best bid', () => {
  it('at the listing price, the rest of the bid back to the bidder to the cent', async () => {
    const name = await knownItemName(db());
    const { buyOrder, bidder } = await placeBid(db(), name, { priceCents: 1_234n, quantity: 2 });
    expect(await availableBalance(db(), bidder.id)).toBe(0n);
    const seller = await buildUser(db());
    const [listing] = await acceptDeposit(app.services, { seller, items: [{ marketHashName: name, priceCents: 1_001n }] });

    expect(listing!.soldAt).not.toBeNull();
    const sale = (await saleOf(listing!))!;
    expect(sale.order).toMatchObject({ buyerId: bidder.id, totalCents: 1_001n, tradeUrl: bidder.tradeUrl });
    expect(sale.item).toMatchObject({ status: 'awaiting_hold', priceCents: 1_001n, buyOrderId: buyOrder.id });
    expect(await escrowBalance(db(), sale.order.id)).toBe(1_001n);
    expect(await availableBalance(db(), bidder.id)).toBe(233n);
    expect(await reserveBalance(db(), buyOrder.id)).toBe(1_234n);
    expect(await bidRow(buyOrder.id)).toMatchObject({ filled: 1, status: 'open' });
    expect(await db().getRepository(Sale).countBy({ orderItemId: sale.item.id })).toBe(1);

    expect(await eventsOf(bidder.id, 'order')).toEqual([{ orderId: sale.order.id, status: 'created', total: '10.01', listingId: listing!.id }]);
    expect(await eventsOf(bidder.id, 'balance')).toContainEqual({ balance: '2.33', orderId: sale.order.id });
    expect((await eventsOf(bidder.id, 'buy-order')).at(-1)).toEqual({ buyOrderId: buyOrder.id, status: 'open', filled: 1, remaining: 1 });
    expect((await eventsOf(seller.id, 'listing')).at(-1)).toEqual({ listingId: listing!.id, status: 'holding', sold: true, message: `${listing!.name} sold for $10.01` });

    // At the bid's own price: nothing comes back, and the bid is filled.
    const [second] = await acceptDeposit(app.services, { items: [{ marketHashName: name, priceCents: 1_234n }] });
    expect((await saleOf(second!))?.order.buyerId).toBe(bidder.id);
    expect(await availableBalance(db(), bidder.id)).toBe(233n);
    expect(await reserveBalance(db(), buyOrder.id)).toBe(0n);
    expect((await eventsOf(bidder.id, 'buy-order')).at(-1)).toEqual({ buyOrderId: buyOrder.id, status: 'filled', filled: 2, remaining: 0 });
    const history = (await app.client().get(`/api/items/${encodeURIComponent(name)}/price-history?days=7`)).body;
    expect(history).toMatchObject({ lastSale: '12.34', highestBuyOrder: null });
  });

  it('by price, then time; a listing above every bid stays on sale', async () => {
    const name = await knownItemName(db());
    const early = await placeBid(db(), name, { priceCents: 1_200n });
    const late = await placeBid(db(), name, { priceCents: 1_200n });
    const best = await placeBid(db(), name, { priceCents: 1_500n });
    const low = await placeBid(db(), name, { priceCents: 1_100n });
    const listings = await acceptDeposit(app.services, {
      items: [1_000n, 1_000n, 1_150n, 1_000n, 1_300n].map((priceCents) => ({ marketHashName: name, priceCents })),
    });
    const buyers = await Promise.all(listings.map(async (listing) => (await saleOf(listing))?.order.buyerId ?? null));
    expect(buyers).toEqual([best.bidder.id, early.bidder.id, late.bidder.id, low.bidder.id, null]);
    expect(listings[4]!.soldAt).toBeNull();
    expect(await availableBalance(db(), best.bidder.id)).toBe(500n);
    expect(await availableBalance(db(), low.bidder.id)).toBe(100n);
  });

  it('only at or under its max float, never an item without one', async () => {
    const name = await knownItemName(db());
    const { buyOrder } = await placeBid(db(), name, { priceCents: 1_000n, quantity: 3, maxFloat: 0.07 });
    const listings = await acceptDeposit(app.services, {
      items: [0.0700001, null, 0.07, 0.01].map((float) => ({ marketHashName: name, priceCents: 900n, float })),
    });
    expect(listings.map((listing) => listing.soldAt !== null)).toEqual([false, false, true, true]);
    expect(await bidRow(buyOrder.id)).toMatchObject({ filled: 2, status: 'open' });
  });

  it("never with the seller's own bid, a cancelled or filled bid, a frozen bidder or one without a trade URL", async () => {
    const name = await knownItemName(db());
    const seller = await buildUser(db(), { balanceCents: 5_000n });
    await placeBid(db(), name, { bidder: seller, priceCents: 5_000n });
    const cancelled = await placeBid(db(), name, { priceCents: 4_000n });
    await buyOrderCanceller({ userId: cancelled.bidder.id, buyOrderId: cancelled.buyOrder.id, dataSource: db() });
    const frozen = await placeBid(db(), name, { priceCents: 3_000n });
    await db().getRepository(User).update(frozen.bidder.id, { frozenAt: new Date(), frozenReason: 'test' });
    const noUrl = await placeBid(db(), name, { priceCents: 2_500n });
    await db().getRepository(User).update(noUrl.bidder.id, { tradeUrl: '' });
    const used = await placeBid(db(), name, { priceCents: 2_000n });
    const fair = await placeBid(db(), name, { priceCents: 1_000n });

    const listings = await acceptDeposit(app.services, {
      seller,
      items: [{ marketHashName: name, priceCents: 900n }, { marketHashName: name, priceCents: 900n }, { marketHashName: name, priceCents: 900n }],
    });
    const buyers = await Promise.all(listings.map(async (listing) => (await saleOf(listing))?.order.buyerId ?? null));
    expect(buyers).toEqual([used.bidder.id, fair.bidder.id, null]);
    for (const skipped of [frozen, noUrl]) expect(await bidRow(skipped.buyOrder.id)).toMatchObject({ filled: 0, status: 'open' });
    expect(await reserveBalance(db(), frozen.buyOrder.id)).toBe(3_000n);
  });
});

describe('fifty deposits accepted at once against one bid of five', () => {
  it('fill exactly five units: five orders, the reserve empty, the other 45 listings on sale', async () => {
    const name = await knownItemName(db());
    const { buyOrder, bidder } = await placeBid(db(), name, { priceCents: 2_000n, quantity: 5 });
    const sellers = await Promise.all(Array.from({ length: 50 }, () => buildUser(db())));

    // A connection for each deposit, so all fifty transactions race in PostgreSQL at once (the app's
    // pool of 20 would queue them, and on a loaded machine time them out), opened one by one first:
    // fifty connection starts at once outlast the pool's connect timeout on two cores.
    const racing = createDataSource(testDatabaseUrl(), { poolSize: 50 });
    await racing.initialize();
    const opened = Array.from({ length: 50 }, () => racing.createQueryRunner());
    for (const runner of opened) await runner.connect();
    await Promise.all(opened.map((runner) => runner.release()));
    const deposits = await Promise.all(
      sellers.map((seller, index) =>
        acceptDeposit({ ...app.services, dataSource: racing }, { seller, items: [{ marketHashName: name, priceCents: BigInt(1_500 + index) }] }),
      ),
    ).finally(() => racing.destroy());
    const listings = deposits.flat();
    expect(listings).toHaveLength(50);

    const bid = await bidRow(buyOrder.id);
    expect(bid).toMatchObject({ filled: 5, status: 'filled' });
    expect(await reserveBalance(db(), buyOrder.id)).toBe(0n);
    const items = await db().getRepository(OrderItem).findBy({ buyOrderId: buyOrder.id });
    expect(items).toHaveLength(5);
    expect(new Set(items.map((item) => item.orderId)).size).toBe(5);
    expect(await db().getRepository(Order).countBy({ buyerId: bidder.id })).toBe(5);
    const sold = listings.filter((listing) => listing.soldAt !== null);
    expect(sold.map((listing) => listing.id).sort()).toEqual(items.map((item) => item.listingId).sort());
    expect(listings.filter((listing) => listing.soldAt === null && listing.status === 'holding')).toHaveLength(45);
    // What came back is each unit's bid less its listing's price.
    const paid = items.reduce((sum, item) => sum + item.priceCents, 0n);
    expect(await availableBalance(db(), bidder.id)).toBe(5n * 2_000n - paid);
    await expectLedgerInvariants(db());
  });
});

describe('a filled unit goes the way of a purchase', () => {
  it('is delivered after the hold and the seller paid', async () => {
    const seller = await signInSeller(app);
    const item = seller.sellable[0]!;
    // The bid wants exactly this item: its name (made known by a sale) and at most its float, at the lowest price.
    await buildSales(db(), item.marketHashName, [{ priceCents: 100n, soldAt: new Date(Date.now() - 86_400_000) }]);
    // Signed in, so the simulated Steam knows where to deliver.
    const buyer = await signInBuyer(app, '10.00');
    const bidder = await db().getRepository(User).findOneByOrFail({ id: buyer.userId });
    const { buyOrder } = await placeBid(db(), item.marketHashName, { bidder, priceCents: 1n, maxFloat: item.float });
    const [listing] = await listItems(app, seller, 1, '0.01');
    expect(listing).toMatchObject({ sold: true });
    const orderItem = (await db().getRepository(OrderItem).findOneByOrFail({ listingId: listing!.id, buyOrderId: buyOrder.id }));

    await endHold(app, listing!.id);
    const settled = await eventually(
      async () => {
        await sweep(app);
        return orderItemRow(app, orderItem.id);
      },
      (row) => row.status === 'delivered' || row.status === 'failed',
    );
    expect(settled.status).toBe('delivered');
    expect((await eventsOf(seller.userId, 'balance')).find((event) => event.reason === 'sale_payout' && event.listingId === listing!.id)).toMatchObject({ amount: '0.01' });
    expect(await escrowBalance(db(), orderItem.orderId)).toBe(0n);
    expect(await availableBalance(db(), bidder.id)).toBe(999n);
  });

  it('refunds the bidder from the escrow when the seller reverses the trade', async () => {
    const name = await knownItemName(db());
    const { bidder } = await placeBid(db(), name, { priceCents: 1_500n });
    const [listing] = await acceptDeposit(app.services, { items: [{ marketHashName: name, priceCents: 1_200n }] });
    const sale = (await saleOf(listing!))!;
    expect(await availableBalance(db(), bidder.id)).toBe(300n);

    expect(await reversalApplier({ listingId: listing!.id, tradeId: '4242', services: app.services })).toBe('cancelled');
    expect(await availableBalance(db(), bidder.id)).toBe(1_500n);
    expect(await escrowBalance(db(), sale.order.id)).toBe(0n);
    expect(await db().getRepository(Sale).countBy({ orderItemId: sale.item.id })).toBe(0);
  });
});
