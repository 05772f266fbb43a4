/**
 * Two dispatchers sending one delivery offer: the first is slower than the claim lease (Steam slow
 * to answer or to confirm), so the sweep claims the offer again and sends it too. Both offers then
 * exist at Steam. Whatever order the answers come back in, the offer we follow must stay the one
 * recorded first and the other must be cancelled: never a refund for a cancelled twin while the
 * live one is still there for the buyer to accept (item delivered and money back).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InventoryResponse } from '../../shared/schemas/inventory';
import { tradeOfferRequestSchema } from '../../shared/schemas/market';
import { TradeOffer, User } from '../entities';
import { type SendOfferRequest } from '../steam/tradeBot';
import { balanceCents, buy, eventually, listItems, listingRow, offerRow, orderItemRow, settledStatus, signInBuyer, signInSeller, sleep, sweep } from '../test/selling';
import { startTestApp, type TestApp } from '../test/testApp';
import { TradeBotUnavailableError } from '../steam/tradeBot';
import { holdEnder } from './holdEnder';
import { deliveryRetrier } from './deliveryRetrier';
import { tradeOfferCreator } from './tradeOfferCreator';
import { markerOf, tradeOfferDispatcher } from './tradeOfferDispatcher';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '300', TRADE_HOLD_MS: '1000' } });
});
afterAll(async () => {
  await app.close();
});

/** The real simulated bot, but its sends wait until `release()`. */
function slowSendingBot() {
  const real = app.services.bot;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const bot = { ...real, sendOffer: async (request: SendOfferRequest) => (await gate, real.sendOffer(request)) };
  return { bot, release };
}

/**
 * A sale whose hold has ended, with its delivery claimed by a dispatcher whose send waits on
 * `slow.release()`, and that claim aged past the lease (so another dispatcher may take it).
 */
async function deliveryClaimedBySlowDispatcher(price: string) {
  const seller = await signInSeller(app);
  const [listing] = await listItems(app, seller, 1, price);
  const buyer = await signInBuyer(app, '10.00');
  const sale = await buy(app, buyer, listing!.id);
  await sleep(Math.max(0, (await listingRow(app, listing!.id)).holdEndTime.getTime() - Date.now()) + 50);
  await eventually(async () => app.services.bot.isTradable((await listingRow(app, listing!.id)).botAssetid!), Boolean);

  // The hold-end job starts the delivery; its dispatcher claims the offer and waits on Steam.
  const slow = slowSendingBot();
  const first = holdEnder({ listingId: listing!.id, services: { ...app.services, bot: slow.bot } });
  const claimed = (await eventually(
    async () => app.services.dataSource.getRepository(TradeOffer).findOneBy({ userId: buyer.userId, kind: 'delivery' }),
    (offer) => (offer?.history.length ?? 0) === 1,
  ))!;
  // Past the claim lease: the sweep presumes that dispatcher dead and sends the offer itself.
  await app.services.dataSource.query(`UPDATE trade_offers SET updated_at = now() - interval '5 minutes' WHERE id = $1`, [claimed.id]);
  return { seller, listing: listing!, buyer, sale, slow, first, claimed };
}

/** Sweeps until the sale's item is delivered or failed, and the states of the buyer's offers at Steam. */
async function settle(buyer: Awaited<ReturnType<typeof signInBuyer>>, orderItemId: string) {
  const item = await eventually(
    async () => {
      await sweep(app);
      await buyer.client.get<InventoryResponse>('/api/inventory?refresh=1');
      return orderItemRow(app, orderItemId);
    },
    (row) => row.status === 'delivered' || row.status === 'failed',
  );
  const states = (await app.services.dataSource.query(
    `SELECT state FROM sim_trade_offers WHERE partner_steam_id = $1 ORDER BY state`,
    [buyer.steamId],
  )) as Array<{ state: number }>;
  return { item, steamStates: states.map((row) => row.state) };
}

describe('a delivery sent by two dispatchers', () => {
  it('keeps following the first recorded send and cancels the other: delivered once, never refunded', async () => {
    const { seller, listing, buyer, sale, slow, first, claimed } = await deliveryClaimedBySlowDispatcher('8.00');
    expect(claimed.status).toBe('sending');
    expect(await tradeOfferDispatcher({ offerId: claimed.id, services: app.services })).toBe('sent');
    const followed = (await offerRow(app, claimed.id)).steamOfferId;
    expect(followed).not.toBeNull();

    // Now Steam answers the first dispatcher too: a second live offer of the same item exists.
    slow.release();
    expect(await first).toBe('delivery_started');
    expect((await offerRow(app, claimed.id)).steamOfferId).toBe(followed);

    const { item, steamStates } = await settle(buyer, sale.orderItemId);
    expect(item.status).toBe('delivered');
    expect(item.refundedAt).toBeNull();
    expect(await balanceCents(app, buyer.userId)).toBe(200n);
    expect(await balanceCents(app, seller.userId)).toBe(800n - 24n);
    expect((await listingRow(app, listing.id)).status).toBe('completed');
    // At Steam: one of the two offers went through, the other was cancelled.
    expect(steamStates).toEqual([3, 6]);
  });

  it('answered after the other send failed: the late offer is cancelled and the delivery is retried as a new offer', async () => {
    const { seller, buyer, sale, slow, first, claimed } = await deliveryClaimedBySlowDispatcher('5.00');
    // The sweep's send of it fails (Steam down for it): the attempt is recorded as never sent.
    const unreachable = {
      ...app.services.bot,
      sendOffer: () => Promise.reject(new TradeBotUnavailableError('unreachable')),
    };
    expect(await tradeOfferDispatcher({ offerId: claimed.id, services: { ...app.services, bot: unreachable } })).toBe('failed');
    // Then Steam answers the first dispatcher after all.
    slow.release();
    await first;
    expect(await offerRow(app, claimed.id)).toMatchObject({ status: 'failed', steamOfferId: null });

    // The delivery is retried as a new offer (not left waiting for an offer nobody follows).
    expect(await deliveryRetrier({ orderItemId: sale.orderItemId, services: app.services, now: new Date(Date.now() + 31_000) })).toBe('retried');
    const { item, steamStates } = await settle(buyer, sale.orderItemId);
    expect(item).toMatchObject({ status: 'delivered', refundedAt: null, deliveryAttempts: 2 });
    expect(await balanceCents(app, seller.userId)).toBe(500n - 15n);
    expect(steamStates).toEqual([3, 6]);
  });
});

/** The simulated Steam's offers whose message carries our offer's ref. */
async function steamOffersOf(offerId: string): Promise<Array<{ tradeofferid: string; state: number }>> {
  return (await app.services.dataSource.query(`SELECT tradeofferid::text AS tradeofferid, state FROM sim_trade_offers WHERE message LIKE $1`, [
    `%${markerOf(offerId)}`,
  ])) as Array<{ tradeofferid: string; state: number }>;
}

describe('a send whose answer was lost', () => {
  it('is followed when Steam has the offer: a deposit that timed out is listed, not failed and left untracked', async () => {
    const seller = await signInSeller(app);
    const real = app.services.bot;
    const timingOut = {
      ...real,
      sendOffer: async (request: SendOfferRequest) => {
        await real.sendOffer(request);
        throw new TradeBotUnavailableError('ESOCKETTIMEDOUT');
      },
    };
    const user = await app.services.dataSource.getRepository(User).findOneByOrFail({ id: seller.userId });
    const items = seller.sellable.slice(0, 1).map((item) => ({ assetid: item.assetid, price: '3.00' }));
    const offer = await tradeOfferCreator({ user, request: tradeOfferRequestSchema.parse({ items, tradeUrl: seller.tradeUrl }), services: { ...app.services, bot: timingOut } });

    const row = await offerRow(app, offer.id);
    const atSteam = await steamOffersOf(offer.id);
    expect(atSteam).toHaveLength(1);
    expect(row).toMatchObject({ status: 'open', steamOfferId: atSteam[0]!.tradeofferid });
    expect(await settledStatus(seller.client, offer.id)).toMatchObject({ isAccepted: true });
    expect(await app.services.dataSource.getRepository(TradeOffer).countBy({ userId: seller.userId, status: 'failed' })).toBe(0);
  });

  it('is recorded failed when Steam has no such offer', async () => {
    const seller = await signInSeller(app);
    const refusing = { ...app.services.bot, sendOffer: () => Promise.reject(new TradeBotUnavailableError('unreachable')) };
    const user = await app.services.dataSource.getRepository(User).findOneByOrFail({ id: seller.userId });
    const items = seller.sellable.slice(0, 1).map((item) => ({ assetid: item.assetid, price: '3.00' }));
    const failed = await tradeOfferCreator({ user, request: tradeOfferRequestSchema.parse({ items, tradeUrl: seller.tradeUrl }), services: { ...app.services, bot: refusing } }).catch(
      (error: unknown) => error,
    );
    expect(failed).toMatchObject({ status: 503 });
    const [row] = await app.services.dataSource.getRepository(TradeOffer).findBy({ userId: seller.userId });
    expect(row).toMatchObject({ status: 'failed', steamOfferId: null });
    expect(await steamOffersOf(row!.id)).toHaveLength(0);
  });

  it('by a dispatcher that died after reaching Steam: the next one follows that offer instead of sending a twin', async () => {
    const seller = await signInSeller(app);
    const [listing] = await listItems(app, seller, 1, '6.00');
    const buyer = await signInBuyer(app, '10.00');
    const sale = await buy(app, buyer, listing!.id);
    await sleep(Math.max(0, (await listingRow(app, listing!.id)).holdEndTime.getTime() - Date.now()) + 50);
    await eventually(async () => app.services.bot.isTradable((await listingRow(app, listing!.id)).botAssetid!), Boolean);

    // The first dispatcher's offer reaches Steam, and then the dispatcher never answers (it died).
    const real = app.services.bot;
    const dying = { ...real, sendOffer: async (request: SendOfferRequest) => (await real.sendOffer(request), new Promise<never>(() => {})) };
    void holdEnder({ listingId: listing!.id, services: { ...app.services, bot: dying } });
    const claimed = (await eventually(
      async () => app.services.dataSource.getRepository(TradeOffer).findOneBy({ userId: buyer.userId, kind: 'delivery' }),
      (offer) => offer !== null && offer.history.length === 1,
    ))!;
    await eventually(() => steamOffersOf(claimed.id), (offers) => offers.length === 1);
    await app.services.dataSource.query(`UPDATE trade_offers SET updated_at = now() - interval '5 minutes' WHERE id = $1`, [claimed.id]);

    expect(await tradeOfferDispatcher({ offerId: claimed.id, services: app.services })).toBe('sent');
    const atSteam = await steamOffersOf(claimed.id);
    expect(atSteam).toHaveLength(1);
    expect(await offerRow(app, claimed.id)).toMatchObject({ status: 'open', steamOfferId: atSteam[0]!.tradeofferid });

    const { item, steamStates } = await settle(buyer, sale.orderItemId);
    expect(item).toMatchObject({ status: 'delivered', refundedAt: null, deliveryAttempts: 1 });
    expect(steamStates).toEqual([3]);
  });
});
