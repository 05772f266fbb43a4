/**
 * The sales the price history counts (entities/Sale.ts) on a real PostgreSQL: a purchase records
 * each item's sale in its own transaction (rolled back, nothing is left; committed, the history
 * shows it), and a refund takes it out in the refund's transaction, whichever way the sale fell
 * through (a delivery that failed, a trade the seller reversed); a delivered sale stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Listing, Sale } from '../entities';
import { lockSaleOf } from '../market/deliveries';
import { cancelForLostItem } from '../market/lostItems';
import { buildListings, buildOrder, buildUser, settleOrderItem, uniqueToken } from '../test/factories';
import { startTestApp, type TestApp } from '../test/testApp';
import { purchaseCreator } from './purchaseCreator';
import { reversalApplier } from './reversalApplier';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const salesOf = (orderItemIds: string[]) => app.services.dataSource.getRepository(Sale).find({ where: orderItemIds.map((orderItemId) => ({ orderItemId })), order: { priceCents: 'ASC' } });

async function listingsNamed(count: number, status: 'holding' | 'active' = 'active') {
  const marketHashName = `M4A4 | Howl ${uniqueToken()} (Minimal Wear)`;
  const listings = await buildListings(app.services.dataSource, { count, overrides: (index) => ({ marketHashName, status, priceCents: BigInt(1_000 + index) }) });
  return { marketHashName, listings };
}

describe('a purchase', () => {
  it("records each item's sale in the purchase's transaction", async () => {
    const db = app.services.dataSource;
    const { marketHashName, listings } = await listingsNamed(2);
    const buyer = await buildUser(db, { balanceCents: 10_000n });
    const listingIds = listings.map((listing) => listing.id);

    const rolledBack = new Error('rolled back');
    let recorded: Sale[] = [];
    await expect(
      db.transaction(async (manager) => {
        const { items } = await purchaseCreator({ buyerId: buyer.id, listingIds, dataSource: db, manager });
        recorded = await manager.getRepository(Sale).findBy(items.map((item) => ({ orderItemId: item.id })));
        // Not seen outside the purchase's transaction before it commits.
        expect(await salesOf(items.map((item) => item.id))).toEqual([]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(recorded).toHaveLength(2);
    expect(await db.getRepository(Sale).countBy({ marketHashName })).toBe(0);

    const { items, listings: sold } = await buildOrder(db, { buyer, listings });
    const sales = await salesOf(items.map((item) => item.id));
    expect(sales).toEqual(
      sold.map((listing, index) => ({
        id: expect.any(String),
        orderItemId: items[index]!.id,
        marketHashName,
        exterior: listing.condition,
        float: listing.float,
        priceCents: listing.priceCents,
        soldAt: listing.soldAt,
      })),
    );
    const history = (await app.client().get(`/api/items/${encodeURIComponent(marketHashName)}/price-history?days=7`)).body;
    expect(history).toMatchObject({ points: [{ median: '10.01', low: '10.00', high: '10.01', volume: 2 }], lastSale: expect.stringMatching(/^10\.0[01]$/), lowestListing: null });
  });
});

describe('a refund', () => {
  it('takes the sale out when the delivery failed, and leaves a delivered one', async () => {
    const { listings } = await listingsNamed(2);
    const { items } = await buildOrder(app.services.dataSource, { listings });
    expect(await salesOf(items.map((item) => item.id))).toHaveLength(2);

    await settleOrderItem(app.services, items[0]!, 'failed');
    await settleOrderItem(app.services, items[1]!, 'delivered');
    expect((await salesOf(items.map((item) => item.id))).map((sale) => sale.orderItemId)).toEqual([items[1]!.id]);
  });

  it('takes the sale out when the seller reversed the trade', async () => {
    const { listings } = await listingsNamed(1, 'holding');
    const { items } = await buildOrder(app.services.dataSource, { listings });
    expect(await salesOf([items[0]!.id])).toHaveLength(1);

    expect(await reversalApplier({ listingId: listings[0]!.id, tradeId: '4242', services: app.services })).toBe('cancelled');
    expect(await salesOf([items[0]!.id])).toEqual([]);
  });

  it("takes the sale out in the refund's transaction", async () => {
    const db = app.services.dataSource;
    const { listings } = await listingsNamed(1, 'holding');
    const { items } = await buildOrder(db, { listings });
    const rolledBack = new Error('rolled back');
    await expect(
      db.transaction(async (manager) => {
        const listing = await manager.getRepository(Listing).findOneOrFail({ where: { id: listings[0]!.id }, lock: { mode: 'pessimistic_write' } });
        await cancelForLostItem(manager, { listing, sale: await lockSaleOf(manager, listing.id), reason: 'item_lost', actor: 'system:test', details: {} });
        expect(await manager.getRepository(Sale).countBy({ orderItemId: items[0]!.id })).toBe(0);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await salesOf([items[0]!.id])).toHaveLength(1);
  });
});
