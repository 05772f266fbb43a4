/**
 * Selling through the simulated bot over HTTP: POST /api/trade-offers re-reads the inventory and
 * refuses what cannot be sold (writing nothing), the bot's offer is followed by the status poll to
 * holding listings or a failed offer, and the inventory marks offered and listed items.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeCents, formatMoney } from '../../../shared/money';
import { type InventoryResponse } from '../../../shared/schemas/inventory';
import { type ListingsPage, type TradeOfferStatus } from '../../../shared/schemas/market';
import { createSimulatedTradeBot } from '../../dev/steam/bot/simulatedTradeBot';
import { DECLINING_DEMO_STEAM_ID } from '../../dev/steam/demoInventory';
import { tradeOfferDispatcher } from '../../commands/tradeOfferDispatcher';
import { Listing } from '../../entities';
import { SEND_FAILED_MESSAGE } from '../../market/offerStates';
import { offerItems, offerRow, sellingFootprint, settledStatus, signInSeller, tradeUrlOf } from '../../test/selling';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { awayFromWindowEdge, startTestApp, type TestApp } from '../../test/testApp';

const HOLD_MS = 60_000;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '200', TRADE_HOLD_MS: String(HOLD_MS) } });
});
afterAll(() => app.close());

describe('POST /api/trade-offers', () => {
  it('sends the bot offer and, once accepted, lists each item in holding with the inventory values', async () => {
    const seller = await signInSeller(app);
    const [first, second] = seller.sellable;
    // Everything but assetid and price is forged: the server must take it from the inventory.
    const sent = await seller.client.post<{ success: boolean; offerId: string; message: string }>('/api/trade-offers', {
      items: [
        { assetid: first!.assetid, price: '12.34', name: 'Forged Knife', rarity: 'contraband', imageUrl: 'https://evil.example/x.png', float: 0.000001, sellPrice: '0.01', platformFee: '0.00', finalAmount: '99999.00' },
        { assetid: second!.assetid, price: '0.99', condition: 'Factory New', statTrak: true, paintSeed: 661 },
      ],
      tradeUrl: seller.tradeUrl,
    });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({ success: true, offerId: expect.stringMatching(/^[0-9a-f-]{36}$/), message: expect.any(String) });

    const open = await seller.client.get<TradeOfferStatus>(`/api/trade-offer/${sent.body.offerId}/status`);
    expect(open.body).toEqual({ success: true, isAccepted: false, state: 'Active' });
    // Offered items are marked listed at once, so they cannot be offered twice.
    const during = (await seller.client.get<InventoryResponse>('/api/inventory')).body.items;
    expect(during.filter((item) => item.listed).map((item) => item.assetid).sort()).toEqual([first!.assetid, second!.assetid].sort());

    const settled = await settledStatus(seller.client, sent.body.offerId);
    expect(settled).toMatchObject({ success: true, isAccepted: true, state: 'Accepted' });

    const listings = (await seller.client.get<ListingsPage>('/api/listings')).body.items;
    expect(listings).toHaveLength(2);
    const byPrice = new Map(listings.map((listing) => [listing.sellPrice, listing]));
    const forged = byPrice.get('12.34')!;
    expect(forged).toMatchObject({
      name: first!.name,
      rarity: first!.rarity,
      condition: first!.condition,
      imageUrl: first!.imageUrl,
      float: first!.float,
      paintSeed: first!.paintSeed,
      statTrak: first!.statTrak,
      status: 'holding',
      sold: false,
      sellPrice: '12.34',
      platformFee: '0.37',
      finalAmount: '11.97',
      cancelReason: null,
    });
    expect(byPrice.get('0.99')).toMatchObject({ name: second!.name, statTrak: second!.statTrak, paintSeed: second!.paintSeed, platformFee: formatMoney(feeCents(99n)) });

    const row = await app.services.dataSource.getRepository(Listing).findOneByOrFail({ id: forged.id });
    const deposit = await offerRow(app, sent.body.offerId);
    expect(deposit).toMatchObject({ kind: 'deposit', status: 'accepted', steamState: 3, steamTradeId: expect.stringMatching(/^\d+$/) });
    expect(deposit.history.map((entry) => entry.status)).toEqual(['sending', 'open', 'accepted']);
    expect(row.sellerAssetid).toBe(first!.assetid);
    expect(row.botAssetid).not.toBe(first!.assetid);
    expect(row.botContextid).toBe('16');
    expect(row.inspectLink).toBe(first!.inspectLink);
    expect(row.inspectLink).toMatch(/^steam:\/\/run\/730\/\/\+csgo_econ_action_preview%20[0-9A-F]+$/);
    // The bot's protection end (trade time rounded up + hold), about HOLD_MS after acceptance.
    const hold = row.holdEndTime.getTime() - row.holdStartTime.getTime();
    expect(hold).toBeGreaterThan(HOLD_MS - 2_000);
    expect(hold).toBeLessThan(HOLD_MS + 2_000);

    // The items left the seller's Steam inventory; the listing's asset id stays taken.
    const after = (await seller.client.get<InventoryResponse>('/api/inventory')).body.items;
    expect(after.some((item) => item.assetid === first!.assetid)).toBe(false);
    const again = await offerItems(seller, [first!]);
    expect(again.status).toBe(409);
  });

  it('records a declined offer as failed with a message, and lists nothing', async () => {
    const decliner = await signInSeller(app, DECLINING_DEMO_STEAM_ID);
    const before = await sellingFootprint(app, decliner.userId);
    const sent = await offerItems(decliner, decliner.sellable.slice(0, 1));
    expect(sent.status, sent.text).toBe(201);
    const settled = await settledStatus(decliner.client, sent.body.offerId);
    expect(settled).toEqual({ success: false, isAccepted: false, state: 'Declined', message: 'The trade offer was declined.' });
    const after = await sellingFootprint(app, decliner.userId);
    expect(after.listings).toBe(before.listings);
    expect((await offerRow(app, sent.body.offerId)).status).toBe('failed');
    // The item is free to offer again.
    const inventory = (await decliner.client.get<InventoryResponse>('/api/inventory')).body.items;
    expect(inventory.find((item) => item.assetid === decliner.sellable[0]!.assetid)?.listed).toBe(false);
  });

  it("marks the offer failed with 'Failed to process trade request. Please try again.' when the bot cannot be reached, and lists nothing", async () => {
    const seller = await signInSeller(app);
    const realBot = app.services.bot;
    // The real simulated bot, pointed at a Steam that does not answer.
    app.services.bot = createSimulatedTradeBot({ baseUrl: 'http://127.0.0.1:9/dev/steam', dataSource: app.services.dataSource, logger: app.services.logger, holdMs: HOLD_MS });
    try {
      const sent = await offerItems(seller, seller.sellable.slice(0, 1));
      expect(sent.status).toBe(503);
      expect(sent.body).toMatchObject({ message: SEND_FAILED_MESSAGE, code: 'trade_offer_failed' });
    } finally {
      app.services.bot = realBot;
    }
    const footprint = await sellingFootprint(app, seller.userId);
    expect(footprint).toMatchObject({ offers: 1, listings: 0 });
    const [offer] = await app.services.dataSource.query(`SELECT status, message FROM trade_offers WHERE user_id = $1`, [seller.userId]);
    expect(offer).toEqual({ status: 'failed', message: SEND_FAILED_MESSAGE });
    // A failed offer does not hold the item.
    const retry = await offerItems(seller, seller.sellable.slice(0, 1));
    expect(retry.status).toBe(201);
  });

  it('answers 201 when another dispatcher claimed the offer first, and the status poll follows it to accepted', async () => {
    const seller = await signInSeller(app);
    const db = app.services.dataSource;
    // As the sweep does when it picks a fresh offer between the commit and the request's own claim.
    const name = `claimed_first_${seller.userId.replaceAll('-', '')}`;
    await db.query(
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN NEW.history := jsonb_build_array(jsonb_build_object('state', NULL, 'status', 'sending', 'at', now())); RETURN NEW; END $$`,
    );
    await db.query(`CREATE TRIGGER ${name} BEFORE INSERT ON trade_offers FOR EACH ROW WHEN (NEW.user_id = '${seller.userId}') EXECUTE FUNCTION ${name}()`);
    let sent: Awaited<ReturnType<typeof offerItems>>;
    try {
      sent = await offerItems(seller, seller.sellable.slice(0, 1));
    } finally {
      await db.query(`DROP TRIGGER ${name} ON trade_offers`);
      await db.query(`DROP FUNCTION ${name}()`);
    }
    expect(sent.status, sent.text).toBe(201);
    expect((await offerRow(app, sent.body.offerId)).status).toBe('sending');

    // The other dispatcher sends it (here once its lease is over), and the seller's poll follows.
    await db.query(`UPDATE trade_offers SET updated_at = now() - interval '1 hour' WHERE id = $1`, [sent.body.offerId]);
    expect(await tradeOfferDispatcher({ offerId: sent.body.offerId, services: app.services })).toBe('sent');
    expect(await settledStatus(seller.client, sent.body.offerId)).toMatchObject({ success: true, isAccepted: true });
    expect(await sellingFootprint(app, seller.userId)).toMatchObject({ offers: 1, listings: 1 });
  });

  describe('refuses, writing nothing', () => {
    it('signed out: 401', async () => {
      expect((await app.client().post('/api/trade-offers', { items: [{ assetid: '1', price: '1.00' }], tradeUrl: tradeUrlOf(uniqueSteamId()) })).status).toBe(401);
    });

    it.each([
      ['a zero price', { price: '0.00' }],
      ['a price above 100000.00', { price: '100000.01' }],
      ['three decimals', { price: '1.234' }],
      ['a number instead of a string', { price: 12.34 }],
      ['a negative price', { price: '-1.00' }],
      ['a malformed asset id', { assetid: 'abc' }],
    ])('400 for %s', async (_label, override) => {
      const seller = await signInSeller(app);
      const before = await sellingFootprint(app, seller.userId);
      const response = await seller.client.post('/api/trade-offers', {
        items: [{ assetid: seller.sellable[0]!.assetid, price: '1.00', ...override }],
        tradeUrl: seller.tradeUrl,
      });
      expect(response.status).toBe(400);
      expect(await sellingFootprint(app, seller.userId)).toEqual(before);
    });

    it('400 for no items, the same item twice, or a malformed trade URL', async () => {
      const seller = await signInSeller(app);
      const before = await sellingFootprint(app, seller.userId);
      const item = { assetid: seller.sellable[0]!.assetid, price: '1.00' };
      for (const body of [
        { items: [], tradeUrl: seller.tradeUrl },
        { items: [item, item], tradeUrl: seller.tradeUrl },
        { items: [item], tradeUrl: 'https://example.com/tradeoffer' },
        { items: [item] },
      ]) {
        expect((await seller.client.post('/api/trade-offers', body)).status).toBe(400);
      }
      expect(await sellingFootprint(app, seller.userId)).toEqual(before);
    });

    it("400 for another account's trade URL", async () => {
      const seller = await signInSeller(app);
      const before = await sellingFootprint(app, seller.userId);
      const response = await seller.client.post('/api/trade-offers', {
        items: [{ assetid: seller.sellable[0]!.assetid, price: '1.00' }],
        tradeUrl: tradeUrlOf(uniqueSteamId()),
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: 'This trade URL belongs to a different Steam account', fields: { tradeUrl: 'This trade URL belongs to a different Steam account' } });
      expect(await sellingFootprint(app, seller.userId)).toEqual(before);
    });

    it('409 naming an item that is not in the inventory, not tradable or not marketable', async () => {
      const seller = await signInSeller(app);
      const inventory = (await seller.client.get<InventoryResponse>('/api/inventory')).body.items;
      const untradable = inventory.find((item) => !item.tradable);
      const unmarketable = inventory.find((item) => item.tradable && !item.marketable);
      const before = await sellingFootprint(app, seller.userId);
      const cases = [
        { assetid: '99999999999', reason: 'This item is not in your Steam inventory' },
        ...(untradable ? [{ assetid: untradable.assetid, reason: 'This item cannot be traded' }] : []),
        ...(unmarketable ? [{ assetid: unmarketable.assetid, reason: 'This item cannot be sold on the market' }] : []),
      ];
      expect(cases.length).toBeGreaterThan(1);
      for (const { assetid, reason } of cases) {
        const response = await seller.client.post('/api/trade-offers', {
          items: [{ assetid: seller.sellable[0]!.assetid, price: '5.00' }, { assetid, price: '5.00' }],
          tradeUrl: seller.tradeUrl,
        });
        expect(response.status).toBe(409);
        expect(response.body).toMatchObject({ code: 'item_unavailable', fields: { [assetid]: reason } });
        expect(response.body.message).toContain(reason);
      }
      expect(await sellingFootprint(app, seller.userId)).toEqual(before);
    });

    it('409 for an item already in an open offer', async () => {
      const seller = await signInSeller(app);
      const item = seller.sellable[0]!;
      expect((await offerItems(seller, [item])).status).toBe(201);
      const before = await sellingFootprint(app, seller.userId);
      const again = await offerItems(seller, [seller.sellable[1]!, item]);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ fields: { [item.assetid]: 'This item is already listed or in an open trade offer' } });
      expect(again.body.message).toContain(item.name);
      expect(await sellingFootprint(app, seller.userId)).toEqual(before);
    });

    it('409 for one of two concurrent offers of the same item', async () => {
      const seller = await signInSeller(app);
      const item = seller.sellable[0]!;
      const statuses = (await Promise.all([offerItems(seller, [item]), offerItems(seller, [item])])).map((response) => response.status).sort();
      expect(statuses).toEqual([201, 409]);
    });

    it('429 once a seller sent too many offers in a minute', async () => {
      const seller = await signInSeller(app);
      await awayFromWindowEdge(60, 10);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        // Another account's trade URL: refused cheaply after the rate limit counted it.
        statuses.push((await seller.client.post('/api/trade-offers', { items: [{ assetid: '1', price: '1.00' }], tradeUrl: tradeUrlOf(uniqueSteamId()) })).status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(statuses[10]).toBe(429);
    });
  });
});

describe('GET /api/trade-offer/:id/status', () => {
  it("answers 404 for another user's offer, an unknown id and a malformed id; 401 signed out", async () => {
    const seller = await signInSeller(app);
    const sent = await offerItems(seller, seller.sellable.slice(0, 1));
    expect(sent.status).toBe(201);
    const other = await signIn(app, uniqueSteamId());
    expect((await other.get(`/api/trade-offer/${sent.body.offerId}/status`)).status).toBe(404);
    expect((await seller.client.get('/api/trade-offer/00000000-0000-4000-8000-000000000000/status')).status).toBe(404);
    expect((await seller.client.get('/api/trade-offer/not-a-uuid/status')).status).toBe(404);
    expect((await seller.client.get("/api/trade-offer/1'%20OR%201=1/status")).status).toBe(404);
    expect((await app.client().get(`/api/trade-offer/${sent.body.offerId}/status`)).status).toBe(401);
  });
});
