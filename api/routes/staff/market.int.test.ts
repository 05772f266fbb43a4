import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type StaffAttentionListing, type StaffFeaturedListing } from '../../../shared/schemas/staff';
import { holdEnder } from '../../commands/holdEnder';
import { reversalApplier } from '../../commands/reversalApplier';
import { createSimulatedTradeBot } from '../../dev/steam/bot/simulatedTradeBot';
import { type Listing } from '../../entities';
import { buildListing, buildListings, uniqueToken } from '../../test/factories';
import { expectLedgerInvariants } from '../../test/ledgerInvariants';
import { buy, listingRow, orderItemRow, signInBuyer, type Buyer } from '../../test/selling';
import { DEMO_STAFF, signInStaff } from '../../test/staffSignIn';
import { startTestApp, type TestApp, type TestClient } from '../../test/testApp';
import { balanceOf } from '../../test/wallet';

const HOUR = 60 * 60 * 1000;
const ADMIN = `staff:${DEMO_STAFF.admin}`;

let app: TestApp;
let admin: TestClient;
let support: TestClient;
let buyer: Buyer;
/** Overdue and unsold; overdue and sold (its buyer's money in escrow); sold, its delivery's send failed; reversed by its seller. */
let unsold: Listing, sold: Listing, failing: Listing, reversed: Listing;
let failingItemId: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signInStaff(app, DEMO_STAFF.admin);
  support = await signInStaff(app, DEMO_STAFF.support);
  const now = Date.now();
  [unsold, sold, failing, reversed] = (await buildListings(app.services.dataSource, {
    count: 4,
    token: uniqueToken(),
    overrides: (index) => ({ status: 'holding', holdEndTime: new Date(now - (2 + index) * HOUR), priceCents: 2_500n }),
  })) as [Listing, Listing, Listing, Listing];
  buyer = await signInBuyer(app, '100.00');
  await buy(app, buyer, sold.id);
  failingItemId = (await buy(app, buyer, failing.id)).orderItemId;
  // The hold ends while the bot cannot reach Steam: the delivery offer is not sent.
  const offline = createSimulatedTradeBot({ baseUrl: 'http://127.0.0.1:9/dev/steam', dataSource: app.services.dataSource, logger: app.services.logger, holdMs: 0 });
  const services = { ...app.services, bot: { ...app.services.bot, sendOffer: offline.sendOffer } };
  expect(await holdEnder({ listingId: failing.id, services })).toBe('delivery_started');
  expect(await reversalApplier({ listingId: reversed.id, tradeId: '1234567890', services: app.services })).toBe('cancelled');
}, 120_000);
afterEach(() => expectLedgerInvariants(app.services.dataSource));
afterAll(() => app?.close());

/** The attention list's entries for this file's listings (the file's other tests list items too). */
async function attention(client: TestClient = support): Promise<Map<string, StaffAttentionListing>> {
  const response = await client.get<{ items: StaffAttentionListing[] }>('/api/staff/market/attention');
  expect(response.status).toBe(200);
  const ours = new Set([unsold.id, sold.id, failing.id, reversed.id]);
  return new Map(response.body.items.filter((item) => ours.has(item.id)).map((item) => [item.id, item]));
}

async function auditOf(subjectId: string) {
  return (await app.services.dataSource.query('SELECT actor, action, details FROM audit_log WHERE subject_id = $1 AND actor = $2 ORDER BY id', [
    subjectId,
    ADMIN,
  ])) as Array<{ actor: string; action: string; details: Record<string, unknown> }>;
}

describe('GET /api/staff/market/attention', () => {
  it('lists overdue holds, failing deliveries and reversals, each with why, its seller and what can be done', async () => {
    const items = await attention();
    expect(items.get(unsold.id)).toMatchObject({
      reason: 'overdue_hold',
      sold: false,
      price: '25.00',
      status: 'holding',
      actions: ['cancel_lost'],
      orderItemId: null,
      seller: { id: unsold.sellerId, displayName: 'Test Seller' },
    });
    expect(items.get(unsold.id)!.detail).toMatch(/^Hold ended 2h \d+m ago .* It is not sold\./);
    expect(items.get(sold.id)).toMatchObject({ reason: 'overdue_hold', sold: true, actions: ['cancel_lost'] });
    expect(items.get(sold.id)!.detail).toContain("The buyer's $25.00 waits in escrow.");
    expect(items.get(failing.id)).toMatchObject({ reason: 'failing_delivery', status: 'payment_pending', actions: ['retry_delivery'], orderItemId: failingItemId });
    expect(items.get(failing.id)!.detail).toMatch(/^Delivery attempt 1 of 3 could not be sent/);
    expect(items.get(reversed.id)).toMatchObject({ reason: 'reversed', status: 'cancelled', actions: [] });
  });
});

describe('POST /api/staff/market/listings/:id/cancel-lost', () => {
  it('cancels an overdue listing as lost and refunds its buyer, audited with the reason', async () => {
    const balance = await balanceOf(buyer.client);
    const response = await admin.post('/api/staff/market/listings/' + sold.id + '/cancel-lost', { reason: 'Gone from the bot inventory' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ refunded: '25.00' });
    expect(await listingRow(app, sold.id)).toMatchObject({ status: 'cancelled', cancelReason: 'item_lost' });
    expect(Number(await balanceOf(buyer.client))).toBe(Number(balance) + 25);
    expect((await auditOf(sold.id)).find((row) => row.action === 'listing.item_lost')?.details).toMatchObject({ reason: 'Gone from the bot inventory', sold: true });
    expect((await attention()).get(sold.id)).toMatchObject({ reason: 'item_lost', actions: [] });
  });

  it('refuses a listing that is not an overdue hold, an unknown one, and one without a reason', async () => {
    const notOverdue = await admin.post(`/api/staff/market/listings/${reversed.id}/cancel-lost`, { reason: 'Lost' });
    expect(notOverdue.status).toBe(409);
    expect(notOverdue.body.code).toBe('not_overdue');
    expect((await admin.post(`/api/staff/market/listings/${randomUUID()}/cancel-lost`, { reason: 'Lost' })).status).toBe(404);
    expect((await admin.post('/api/staff/market/listings/nope/cancel-lost', { reason: 'Lost' })).status).toBe(404);
    expect((await admin.post(`/api/staff/market/listings/${unsold.id}/cancel-lost`, {})).status).toBe(400);
    expect((await listingRow(app, unsold.id)).status).toBe('holding');
  });

  it('is for admins: support sees the market but cannot act on it', async () => {
    const response = await support.post(`/api/staff/market/listings/${unsold.id}/cancel-lost`, { reason: 'Lost' });
    expect(response.status).toBe(403);
    expect((await listingRow(app, unsold.id)).status).toBe('holding');
  });
});

describe('POST /api/staff/market/order-items/:id/retry-delivery', () => {
  it('sends the delivery again at once, audited with the reason', async () => {
    const response = await admin.post(`/api/staff/market/order-items/${failingItemId}/retry-delivery`, { reason: 'Bot is back online' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ status: 'retried' });
    expect(await orderItemRow(app, failingItemId)).toMatchObject({ status: 'sending', deliveryAttempts: 2 });
    expect(await auditOf(failingItemId)).toEqual([
      expect.objectContaining({ action: 'order_item.delivery_started' }),
      {
        actor: ADMIN,
        action: 'order_item.delivery_retried',
        details: {
          reason: 'Bot is back online',
          outcome: 'retried',
          before: { status: 'sending', deliveryAttempts: 1 },
          after: { status: 'sending', deliveryAttempts: 2 },
        },
      },
    ]);
    expect((await attention()).has(failing.id)).toBe(false);
  });

  it('refuses a delivery that is not waiting for a retry, and an unknown one', async () => {
    const sent = await admin.post(`/api/staff/market/order-items/${failingItemId}/retry-delivery`, { reason: 'Again' });
    expect(sent.status).toBe(409);
    expect(sent.body.code).toBe('delivery_not_failing');
    expect((await admin.post(`/api/staff/market/order-items/${randomUUID()}/retry-delivery`, { reason: 'Again' })).status).toBe(404);
    expect((await admin.post('/api/staff/market/order-items/42/retry-delivery', { reason: 'Again' })).status).toBe(404);
  });
});

describe('featured listings', () => {
  it('features a listing and stops featuring it, audited; the list shows it while flagged', async () => {
    const listing = await buildListing(app.services.dataSource, { token: uniqueToken() });
    const featured = await admin.post<StaffFeaturedListing>(`/api/staff/market/listings/${listing.id}/featured`, { featured: true, reason: 'Rare pattern' });
    expect(featured.status, featured.text).toBe(200);
    expect(featured.body).toMatchObject({ id: listing.id, featured: true, available: true });
    const shown = await support.get<{ items: StaffFeaturedListing[] }>('/api/staff/market/featured');
    expect(shown.body.items.find((item) => item.id === listing.id)).toMatchObject({ featured: true, available: true });

    expect((await admin.post(`/api/staff/market/listings/${listing.id}/featured`, { featured: false })).body).toMatchObject({ featured: false });
    const after = await support.get<{ items: StaffFeaturedListing[] }>('/api/staff/market/featured');
    expect(after.body.items.some((item) => item.id === listing.id)).toBe(false);
    expect(await auditOf(listing.id)).toEqual([
      { actor: ADMIN, action: 'listing.featured', details: { reason: 'Rare pattern', before: { featured: false }, after: { featured: true } } },
      { actor: ADMIN, action: 'listing.unfeatured', details: { before: { featured: true }, after: { featured: false } } },
    ]);
  });

  it('answers 404 for an unknown listing', async () => {
    expect((await admin.post(`/api/staff/market/listings/${randomUUID()}/featured`, { featured: true })).status).toBe(404);
  });
});
