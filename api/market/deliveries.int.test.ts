/**
 * The live events a settled delivery sends (GET /api/events reads them): the seller's payout and the
 * buyer's refund carry amounts as the API's two-decimal money strings, like every other amount at
 * the edge, never raw cents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINING_DEMO_STEAM_ID } from '../dev/steam/demoInventory';
import { buy, endHold, eventually, listItems, orderItemRow, signInBuyer, signInSeller, sweep } from '../test/selling';
import { startTestApp, type TestApp } from '../test/testApp';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '150', TRADE_HOLD_MS: '1000' } });
});
afterAll(async () => {
  await app.close();
});

async function balanceEvents(userId: string): Promise<Array<Record<string, unknown>>> {
  const rows = (await app.services.dataSource.query(`SELECT payload FROM domain_events WHERE user_id = $1 AND type = 'balance' ORDER BY id`, [
    userId,
  ])) as Array<{ payload: Record<string, unknown> }>;
  return rows.map((row) => row.payload);
}

async function settle(orderItemId: string) {
  return eventually(
    async () => {
      await sweep(app);
      return orderItemRow(app, orderItemId);
    },
    (item) => item.status === 'delivered' || item.status === 'failed',
  );
}

describe('delivery events', () => {
  it("tell the seller the payout and the buyer the refund in money strings", async () => {
    const seller = await signInSeller(app);
    const [sold, declined] = await listItems(app, seller, 2, '12.34');

    const buyer = await signInBuyer(app, '50.00');
    const sale = await buy(app, buyer, sold!.id);
    await endHold(app, sold!.id);
    expect((await settle(sale.orderItemId)).status).toBe('delivered');
    expect((await balanceEvents(seller.userId)).find((event) => event.reason === 'sale_payout' && event.listingId === sold!.id)).toMatchObject({ amount: '11.97' });

    const decliner = await signInBuyer(app, '50.00', DECLINING_DEMO_STEAM_ID);
    const refused = await buy(app, decliner, declined!.id);
    await endHold(app, declined!.id);
    expect((await settle(refused.orderItemId)).status).toBe('failed');
    // Pick this listing's refund by its id, not by position among the decliner's events.
    expect((await balanceEvents(decliner.userId)).find((event) => event.reason === 'refund' && event.listingId === declined!.id)).toMatchObject({ amount: '12.34' });
  });
});
