/**
 * The selling lifecycle after acceptance, driven by the market sweep (run synchronously here)
 * against the simulated bot: hold end, reversals during the hold, delivery to a buyer and the
 * seller's payout, failed deliveries and their refunds, racing workers and a transition that dies
 * half-way. Short holds (TRADE_HOLD_MS) keep the waits small.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InventoryResponse } from '../../shared/schemas/inventory';
import { type Page } from '../../shared/schemas/page';
import { holdEnder } from '../commands/holdEnder';
import { createSimulatedTradeBot } from '../dev/steam/bot/simulatedTradeBot';
import { DECLINING_DEMO_STEAM_ID } from '../dev/steam/demoInventory';
import { TradeOffer } from '../entities';
import { offerItemOfListing } from '../market/offers';
import {
  balanceCents,
  buy,
  endHold,
  eventually,
  listingRow,
  listItems,
  offerRow,
  orderItemRow,
  reverseDeposit,
  signInBuyer,
  signInSeller,
  sleep,
  sweep,
} from '../test/selling';
import { startTestApp, type TestApp, type TestClient } from '../test/testApp';

const HOLD_MS = 1500;
let app: TestApp;
/** Same database, long protection: reversals are made well inside it. */
let longHold: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '150', TRADE_HOLD_MS: String(HOLD_MS) } });
  longHold = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '150', TRADE_HOLD_MS: '120000' } });
});
afterAll(async () => {
  await app.close();
  await longHold.close();
});

const auditCount = async (target: TestApp, action: string, subjectId: string) =>
  (
    (await target.services.dataSource.query('SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND subject_id = $2', [action, subjectId])) as Array<{
      n: number;
    }>
  )[0]!.n;

/** Sweeps until the order item's delivery offer is settled (accepted or failed). */
/**
 * How many items named `name` a user's Steam inventory holds: counted, not looked for, because a
 * simulated inventory can hold two items of one name, and the one sought must be the one that moved.
 */
async function itemsNamed(client: TestClient, name: string): Promise<number> {
  const { items } = (await client.get<InventoryResponse>('/api/inventory?refresh=1')).body;
  return items.filter((item) => item.name === name && !item.listed).length;
}

async function settleDelivery(target: TestApp, orderItemId: string) {
  return eventually(
    async () => {
      await sweep(target);
      return orderItemRow(target, orderItemId);
    },
    (item) => item.status === 'delivered' || item.status === 'failed',
  );
}

/** The real simulated bot for reads, and one whose Steam never answers for sending. */
function botThatCannotSend(target: TestApp) {
  const real = target.services.bot;
  const unreachable = createSimulatedTradeBot({ baseUrl: 'http://127.0.0.1:9/dev/steam', dataSource: target.services.dataSource, logger: target.services.logger, holdMs: HOLD_MS });
  return { ...real, sendOffer: unreachable.sendOffer };
}

describe('hold end', () => {
  it('puts an unsold listing on sale once the bot holds the item tradable, once', async () => {
    const seller = await signInSeller(app);
    const [listing] = await listItems(app, seller);
    await sweep(app);
    expect((await listingRow(app, listing!.id)).status).toBe('holding');
    const active = await endHold(app, listing!.id);
    expect(active).toMatchObject({ status: 'active', botContextid: '2', soldAt: null });
    await sweep(app);
    expect(await holdEnder({ listingId: listing!.id, services: app.services })).toBe('nothing_to_do');
    expect(await auditCount(app, 'listing.activated', listing!.id)).toBe(1);
  });
});

describe('reversal during the hold', () => {
  it('cancels an unsold listing (trade_reversed); the item is back with the seller', async () => {
    const seller = await signInSeller(longHold);
    const [listing] = await listItems(longHold, seller);
    const heldBefore = await itemsNamed(seller.client, listing!.name);
    await reverseDeposit(longHold, listing!.id);
    const report = await sweep(longHold);
    expect(report.reversals).toBe(1);
    expect(await listingRow(longHold, listing!.id)).toMatchObject({ status: 'cancelled', cancelReason: 'trade_reversed' });
    expect(await itemsNamed(seller.client, listing!.name)).toBe(heldBefore + 1);
    expect((await sweep(longHold)).reversals).toBe(0);
  });

  it('cancels a sold listing and refunds the buyer in full; the seller is never paid', async () => {
    const seller = await signInSeller(longHold);
    const [listing] = await listItems(longHold, seller, 1, '25.50');
    const buyer = await signInBuyer(longHold, '100.00');
    const sale = await buy(longHold, buyer, listing!.id);
    expect(await balanceCents(longHold, buyer.userId)).toBe(7450n);

    await reverseDeposit(longHold, listing!.id);
    await sweep(longHold);
    expect(await listingRow(longHold, listing!.id)).toMatchObject({ status: 'cancelled', cancelReason: 'trade_reversed' });
    const item = await orderItemRow(longHold, sale.orderItemId);
    expect(item.status).toBe('failed');
    expect(item.refundedAt).not.toBeNull();
    expect(await balanceCents(longHold, buyer.userId)).toBe(10000n);
    expect(await balanceCents(longHold, seller.userId)).toBe(0n);
    await sweep(longHold);
    expect(await balanceCents(longHold, buyer.userId)).toBe(10000n);
  });

  it('is caught at hold end too, before anything is delivered', async () => {
    const seller = await signInSeller(app);
    const [listing] = await listItems(app, seller, 1, '3.00');
    const buyer = await signInBuyer(app, '10.00');
    const sale = await buy(app, buyer, listing!.id);
    await reverseDeposit(app, listing!.id);
    // The hold-end command itself, not the sweep's detector, finds the reversal.
    await sleep(Math.max(0, (await listingRow(app, listing!.id)).holdEndTime.getTime() - Date.now()) + 50);
    expect(await holdEnder({ listingId: listing!.id, services: app.services })).toBe('reversed');
    expect((await orderItemRow(app, sale.orderItemId)).status).toBe('failed');
    expect(await balanceCents(app, buyer.userId)).toBe(1000n);
  });
});

describe('a sold listing', () => {
  it('is delivered after the hold and the seller is paid price - fee exactly once', async () => {
    const seller = await signInSeller(app);
    const [listing] = await listItems(app, seller, 1, '12.34');
    const buyer = await signInBuyer(app, '50.00');
    const sale = await buy(app, buyer, listing!.id);
    const buyerHeldBefore = await itemsNamed(buyer.client, listing!.name);

    const pending = await endHold(app, listing!.id);
    expect(pending.status).toBe('payment_pending');
    const sending = await orderItemRow(app, sale.orderItemId);
    expect(sending).toMatchObject({ status: 'sending', deliveryAttempts: 1 });
    const delivery = await offerRow(app, sending.deliveryOfferId!);
    expect(delivery).toMatchObject({ kind: 'delivery', userId: buyer.userId, status: 'open' });
    expect(await balanceCents(app, seller.userId)).toBe(0n);

    expect((await settleDelivery(app, sale.orderItemId)).status).toBe('delivered');
    expect((await listingRow(app, listing!.id)).status).toBe('completed');
    expect(await balanceCents(app, seller.userId)).toBe(1197n);
    expect(await balanceCents(app, buyer.userId)).toBe(5000n - 1234n);
    for (let i = 0; i < 2; i++) await sweep(app);
    expect(await holdEnder({ listingId: listing!.id, services: app.services })).toBe('nothing_to_do');
    expect(await balanceCents(app, seller.userId)).toBe(1197n);
    // The buyer has the item in their Steam inventory.
    expect(await itemsNamed(buyer.client, listing!.name)).toBe(buyerHeldBefore + 1);
    const listingsSeen = (await seller.client.get<Page<{ id: string; status: string; sold: boolean }>>('/api/listings')).body.items;
    expect(listingsSeen.find((entry) => entry.id === listing!.id)).toMatchObject({ status: 'completed', sold: true });
  });

  it('bought after its hold ended goes out at once', async () => {
    const seller = await signInSeller(app);
    const [listing] = await listItems(app, seller, 1, '1.00');
    expect((await endHold(app, listing!.id)).status).toBe('active');
    const buyer = await signInBuyer(app, '10.00');
    const sale = await buy(app, buyer, listing!.id);
    await sweep(app);
    expect((await listingRow(app, listing!.id)).status).toBe('payment_pending');
    expect((await settleDelivery(app, sale.orderItemId)).status).toBe('delivered');
    expect(await balanceCents(app, seller.userId)).toBe(97n);
  });

  it('declined by the buyer: the buyer is refunded in full and the listing is on sale again', async () => {
    const seller = await signInSeller(app);
    const [listing] = await listItems(app, seller, 1, '7.77');
    const buyer = await signInBuyer(app, '10.00', DECLINING_DEMO_STEAM_ID);
    const before = await balanceCents(app, buyer.userId);
    const sale = await buy(app, buyer, listing!.id);
    await endHold(app, listing!.id);
    const failed = await settleDelivery(app, sale.orderItemId);
    expect(failed.status).toBe('failed');
    expect(failed.refundedAt).not.toBeNull();
    expect((await offerRow(app, failed.deliveryOfferId!)).status).toBe('failed');
    expect(await listingRow(app, listing!.id)).toMatchObject({ status: 'active', soldAt: null });
    expect(await balanceCents(app, buyer.userId)).toBe(before);
    expect(await balanceCents(app, seller.userId)).toBe(0n);

    // On sale again: another buyer gets it.
    const next = await signInBuyer(app, '10.00');
    const resale = await buy(app, next, listing!.id);
    await sweep(app);
    expect((await settleDelivery(app, resale.orderItemId)).status).toBe('delivered');
    expect(await balanceCents(app, seller.userId)).toBe(777n - 23n);
  });

  it('retries a delivery the bot cannot send with backoff, then refunds after the third attempt', async () => {
    const seller = await signInSeller(app);
    const [listing] = await listItems(app, seller, 1, '4.00');
    const buyer = await signInBuyer(app, '10.00');
    const sale = await buy(app, buyer, listing!.id);
    const realBot = app.services.bot;
    app.services.bot = botThatCannotSend(app);
    try {
      await endHold(app, listing!.id);
      expect(await orderItemRow(app, sale.orderItemId)).toMatchObject({ status: 'sending', deliveryAttempts: 1 });
      // Not before the backoff …
      await sweep(app);
      expect((await orderItemRow(app, sale.orderItemId)).deliveryAttempts).toBe(1);
      // … then the second and third attempts.
      await sweep(app, new Date(Date.now() + 31_000));
      expect(await orderItemRow(app, sale.orderItemId)).toMatchObject({ status: 'sending', deliveryAttempts: 2 });
      await sweep(app, new Date(Date.now() + 62_000));
      expect(await orderItemRow(app, sale.orderItemId)).toMatchObject({ status: 'sending', deliveryAttempts: 3 });
      await sweep(app);
      expect((await orderItemRow(app, sale.orderItemId)).status).toBe('failed');
    } finally {
      app.services.bot = realBot;
    }
    const offers = await app.services.dataSource.getRepository(TradeOffer).findBy({ userId: buyer.userId, kind: 'delivery' });
    expect(offers.map((offer) => offer.status)).toEqual(['failed', 'failed', 'failed']);
    expect(await listingRow(app, listing!.id)).toMatchObject({ status: 'active', soldAt: null });
    expect(await balanceCents(app, buyer.userId)).toBe(1000n);
    expect(await balanceCents(app, seller.userId)).toBe(0n);
  });
});

describe('workers', () => {
  it('racing one hold-end job (two in this process, one in another) start one delivery and pay once', async () => {
    const other = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '150', TRADE_HOLD_MS: String(HOLD_MS) } });
    try {
      const seller = await signInSeller(app);
      const [listing] = await listItems(app, seller, 1, '10.00');
      const buyer = await signInBuyer(app, '20.00');
      const sale = await buy(app, buyer, listing!.id);
      await sleep(Math.max(0, (await listingRow(app, listing!.id)).holdEndTime.getTime() - Date.now()) + 50);
      const botAssetid = (await listingRow(app, listing!.id)).botAssetid!;
      await eventually(() => app.services.bot.isTradable(botAssetid), Boolean);

      const outcomes = await Promise.all([
        holdEnder({ listingId: listing!.id, services: app.services }),
        holdEnder({ listingId: listing!.id, services: app.services }),
        holdEnder({ listingId: listing!.id, services: other.services }),
      ]);
      expect(outcomes.filter((outcome) => outcome === 'delivery_started')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'nothing_to_do')).toHaveLength(2);
      expect(await app.services.dataSource.getRepository(TradeOffer).countBy({ userId: buyer.userId, kind: 'delivery' })).toBe(1);

      // Two sweeps in two processes settle the delivery: the seller is paid once.
      await sleep(300);
      await Promise.all([sweep(app), sweep(other), sweep(app)]);
      expect((await settleDelivery(app, sale.orderItemId)).status).toBe('delivered');
      await Promise.all([sweep(app), sweep(other)]);
      expect(await balanceCents(app, seller.userId)).toBe(970n);
      expect(await auditCount(app, 'listing.completed', listing!.id)).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('killed half-way through the payout leaves nothing half-done, and the re-run completes it', async () => {
    const seller = await signInSeller(app);
    const [listing] = await listItems(app, seller, 1, '20.00');
    const buyer = await signInBuyer(app, '20.00');
    const sale = await buy(app, buyer, listing!.id);
    await endHold(app, listing!.id);
    const db = app.services.dataSource;
    // The payout posting dies after the order item, listing and offer were already updated.
    await db.query(`
      CREATE OR REPLACE FUNCTION h5b_kill_payout() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.reference = 'payout:${listing!.id}' THEN RAISE EXCEPTION 'worker killed'; END IF;
        RETURN NEW;
      END $$`);
    await db.query('CREATE TRIGGER h5b_kill_payout BEFORE INSERT ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION h5b_kill_payout()');
    try {
      await sleep(300);
      for (let i = 0; i < 3; i++) await sweep(app);
      const item = await orderItemRow(app, sale.orderItemId);
      expect(item.status).toBe('sending');
      expect((await offerRow(app, item.deliveryOfferId!)).status).toBe('open');
      expect((await listingRow(app, listing!.id)).status).toBe('payment_pending');
      expect(await balanceCents(app, seller.userId)).toBe(0n);
      expect(await auditCount(app, 'listing.completed', listing!.id)).toBe(0);
    } finally {
      await db.query('DROP TRIGGER h5b_kill_payout ON ledger_transactions');
      await db.query('DROP FUNCTION h5b_kill_payout()');
    }
    expect((await settleDelivery(app, sale.orderItemId)).status).toBe('delivered');
    expect((await listingRow(app, listing!.id)).status).toBe('completed');
    expect(await balanceCents(app, seller.userId)).toBe(1940n);
  });
});

describe('stuck offers', () => {
  it('sends again a return whose dispatcher died after claiming it, from one of two racing sweeps', async () => {
    const seller = await signInSeller(app);
    const [listing] = await listItems(app, seller);
    const row = await endHold(app, listing!.id);
    expect(row.status).toBe('active');
    const heldBefore = await itemsNamed(seller.client, listing!.name);
    const db = app.services.dataSource;
    // What a dispatcher that died after its claim leaves behind: a claimed return, never answered.
    const giveBack = await db.getRepository(TradeOffer).save(
      db.getRepository(TradeOffer).create({
        userId: seller.userId,
        kind: 'return',
        tradeUrl: seller.tradeUrl,
        status: 'sending',
        items: [offerItemOfListing(row)],
        history: [{ state: null, status: 'sending', at: new Date(Date.now() - 300_000).toISOString() }],
      }),
    );
    await db.query(`UPDATE trade_offers SET updated_at = now() - interval '5 minutes' WHERE id = $1`, [giveBack.id]);
    await db.query(`UPDATE listings SET status = 'cancelled', cancel_reason = 'seller', return_offer_id = $2 WHERE id = $1`, [row.id, giveBack.id]);

    const reports = await Promise.all([sweep(app), sweep(app)]);
    expect(reports.map((report) => report.offersResent).sort()).toEqual([0, 1]);
    const sent = await offerRow(app, giveBack.id);
    expect(sent.status).toBe('open');
    expect(sent.history.map((entry) => entry.status)).toEqual(['sending', 'sending', 'open']);
    const returned = await eventually(
      async () => {
        await sweep(app);
        return offerRow(app, giveBack.id);
      },
      (offer) => offer.status === 'accepted',
    );
    expect(returned.status).toBe('accepted');
    expect(await itemsNamed(seller.client, listing!.name)).toBe(heldBefore + 1);
  });

  it('gives up a deposit whose dispatcher died before the bot answered', async () => {
    const seller = await signInSeller(app);
    const db = app.services.dataSource;
    const [offer] = (await db.query(
      `INSERT INTO trade_offers (user_id, kind, trade_url, items, updated_at) VALUES ($1, 'deposit', $2, $3, now() - interval '5 minutes') RETURNING id`,
      [seller.userId, seller.tradeUrl, JSON.stringify([{ assetid: seller.sellable[0]!.assetid, contextid: '2', priceCents: '100' }])],
    )) as Array<{ id: string }>;
    const inventory = async () => (await seller.client.get<InventoryResponse>('/api/inventory')).body.items;
    expect((await inventory()).find((item) => item.assetid === seller.sellable[0]!.assetid)?.listed).toBe(true);
    expect((await sweep(app)).offersAbandoned).toBe(1);
    expect(await offerRow(app, offer!.id)).toMatchObject({ status: 'failed', message: 'Failed to process trade request. Please try again.' });
    expect((await inventory()).find((item) => item.assetid === seller.sellable[0]!.assetid)?.listed).toBe(false);
  });
});
