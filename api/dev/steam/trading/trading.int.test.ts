/**
 * The simulated Steam's trading side and the simulated bot that trades with it, over real HTTP:
 * acceptance after SIM_TRADE_ACCEPT_MS with items really moving (new asset ids, trade protection
 * in context 16), the decliner, invalid items, cancelling, trade history and the dev-only reversal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdOf } from '../../../../shared/steam';
import { type BotOffer, type TradeBot, TradeBotUnavailableError } from '../../../steam/tradeBot';
import { uniqueSteamId } from '../../../test/signIn';
import { startTestApp, type TestApp } from '../../../test/testApp';
import { SIM_BOT_STEAM_ID } from '../accounts';
import { createSimulatedTradeBot } from '../bot/simulatedTradeBot';
import { DECLINING_DEMO_STEAM_ID } from '../demoInventory';

const ACCEPT_MS = 300;
const HOLD_MS = 60_000;

let app: TestApp;
let bot: TradeBot;

beforeAll(async () => {
  app = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: String(ACCEPT_MS), TRADE_HOLD_MS: String(HOLD_MS) } });
  bot = app.services.bot;
});

afterAll(async () => {
  await app?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tradeUrlOf = (steamId: string) => `https://steamcommunity.com/tradeoffer/new/?partner=${accountIdOf(steamId)}&token=Ab12_-xy`;
const ref = (assetid: string) => ({ appid: 730, contextid: '2', assetid });

interface InventoryJson {
  assets?: Array<{ assetid: string; contextid: string; classid: string }>;
  descriptions?: Array<{ classid: string; tradable: number }>;
}

async function inventory(target: TestApp, steamId: string, context: '2' | '16' = '2'): Promise<InventoryJson> {
  const response = await fetch(`${target.url}/dev/steam/inventory/${steamId}/730/${context}?l=english&count=5000`);
  expect(response.status).toBe(200);
  return (await response.json()) as InventoryJson;
}
const assetIds = (json: InventoryJson) => (json.assets ?? []).map((asset) => asset.assetid);

/** A fresh simulated account and `count` of its tradable items. */
async function accountWithItems(target: TestApp, count = 2, steamId = uniqueSteamId()): Promise<{ steamId: string; items: string[] }> {
  const json = await inventory(target, steamId);
  const tradable = new Set((json.descriptions ?? []).filter((d) => d.tradable === 1).map((d) => d.classid));
  const items = (json.assets ?? []).filter((asset) => tradable.has(asset.classid)).map((asset) => asset.assetid);
  return { steamId, items: items.slice(0, count) };
}

async function depositOffer(seller: { steamId: string; items: string[] }, via = bot) {
  return via.sendOffer({ tradeUrl: tradeUrlOf(seller.steamId), itemsToReceive: seller.items.map(ref), itemsToGive: [], message: 'Deposit' });
}

async function history(target: TestApp, query = 'include_failed=1') {
  const response = await fetch(`${target.url}/dev/steam/api/IEconService/GetTradeHistory/v1/?${query}`);
  return (await response.json()) as { response: { more: boolean; trades: Array<{ tradeid: string; status: number; rollback_trade?: string; steamid_other: string }> } };
}

describe('a deposit offer to the bot', () => {
  it('is Active, then accepted after SIM_TRADE_ACCEPT_MS: the items move to the bot with new ids, trade-protected', async () => {
    const seller = await accountWithItems(app);
    const sent = await depositOffer(seller);
    expect(sent.state).toBe(2);
    const active = await bot.getOffer(sent.offerId);
    expect(active).toMatchObject({ id: sent.offerId, state: 2, tradeId: null, received: [], tradableAt: null });

    await sleep(ACCEPT_MS + 50);
    const before = Date.now();
    const accepted = await bot.getOffer(sent.offerId);
    expect(accepted.state).toBe(3);
    expect(accepted.tradeId).toMatch(/^\d+$/);
    expect(accepted.received.map((item) => item.assetid).sort()).toEqual([...seller.items].sort());
    for (const item of accepted.received) {
      expect(item.newAssetid).not.toBe(item.assetid);
      expect(item.newContextid).toBe('16');
    }
    expect(accepted.tradableAt).toBeGreaterThan(before + HOLD_MS - 2_000);
    expect(accepted.tradableAt).toBeLessThanOrEqual(before + HOLD_MS + 1_000);

    const sellerAfter = assetIds(await inventory(app, seller.steamId));
    for (const assetid of seller.items) expect(sellerAfter).not.toContain(assetid);
    const protectedItems = await inventory(app, SIM_BOT_STEAM_ID, '16');
    const newIds = accepted.received.map((item) => item.newAssetid);
    for (const assetid of newIds) expect(assetIds(protectedItems)).toContain(assetid);
    expect(protectedItems.assets!.every((asset) => asset.contextid === '16')).toBe(true);
    expect(protectedItems.descriptions!.every((description) => description.tradable === 0)).toBe(true);
    const tradableItems = assetIds(await inventory(app, SIM_BOT_STEAM_ID, '2'));
    for (const assetid of newIds) expect(tradableItems).not.toContain(assetid);
    expect(await bot.isTradable(newIds[0]!)).toBe(false);

    const trades = await bot.getTradeHistory(Math.floor(before / 1000) - 60);
    expect(trades.find((trade) => trade.tradeId === accepted.tradeId)).toMatchObject({ status: 3, rollbackTrade: null });
  });

  it('moves the items once when two readers settle it at the same time', async () => {
    const seller = await accountWithItems(app, 3);
    const sent = await depositOffer(seller);
    await sleep(ACCEPT_MS + 50);
    const reads = await Promise.all([bot.getOffer(sent.offerId), bot.getOffer(sent.offerId), inventory(app, seller.steamId), bot.getOffer(sent.offerId)]);
    const offers = [reads[0], reads[1], reads[3]] as BotOffer[];
    expect(new Set(offers.map((offer) => offer.tradeId)).size).toBe(1);
    expect(new Set(offers.map((offer) => JSON.stringify(offer.received))).size).toBe(1);
    const moved = (await history(app)).response.trades.filter((trade) => trade.tradeid === offers[0]!.tradeId);
    expect(moved).toHaveLength(1);
    const count = (await app.services.dataSource.query('SELECT count(*)::int AS n FROM sim_steam_items WHERE assetid = ANY($1::text[])', [
      offers[0]!.received.map((item) => item.newAssetid),
    ])) as Array<{ n: number }>;
    expect(count[0]!.n).toBe(3);
  });

  it('is declined (7) by the Demo Decliner, and nothing moves', async () => {
    const decliner = await accountWithItems(app, 1, DECLINING_DEMO_STEAM_ID);
    const sent = await depositOffer(decliner);
    await sleep(ACCEPT_MS + 50);
    const offer = await bot.getOffer(sent.offerId);
    expect(offer).toMatchObject({ state: 7, tradeId: null, received: [] });
    expect(assetIds(await inventory(app, DECLINING_DEMO_STEAM_ID))).toContain(decliner.items[0]);
  });

  it('ends InvalidItems (8) when the partner no longer has the items', async () => {
    const seller = await accountWithItems(app, 1);
    const first = await depositOffer(seller);
    const second = await depositOffer(seller);
    await sleep(ACCEPT_MS + 50);
    // Reading the second first: it takes the item, and the first finds it gone.
    expect((await bot.getOffer(second.offerId)).state).toBe(3);
    expect((await bot.getOffer(first.offerId)).state).toBe(8);
  });

  it('can be cancelled while Active (6); cancelling an accepted offer changes nothing', async () => {
    const seller = await accountWithItems(app, 1);
    const sent = await depositOffer(seller);
    await bot.cancelOffer(sent.offerId);
    await sleep(ACCEPT_MS + 50);
    expect((await bot.getOffer(sent.offerId)).state).toBe(6);
    expect(assetIds(await inventory(app, seller.steamId))).toContain(seller.items[0]);

    const other = await accountWithItems(app, 1);
    const accepted = await depositOffer(other);
    await sleep(ACCEPT_MS + 50);
    await bot.cancelOffer(accepted.offerId);
    expect((await bot.getOffer(accepted.offerId)).state).toBe(3);
  });

  it('is refused for a partner that is not an account, items the partner does not have, and an unknown offer', async () => {
    const stranger = uniqueSteamId();
    await expect(bot.sendOffer({ tradeUrl: tradeUrlOf(stranger), itemsToReceive: [ref('1')], itemsToGive: [], message: '' })).rejects.toThrow(
      /\(15\)/,
    );
    const seller = await accountWithItems(app, 1);
    const other = await accountWithItems(app, 1);
    await expect(depositOffer({ steamId: seller.steamId, items: other.items })).rejects.toBeInstanceOf(TradeBotUnavailableError);
    await expect(bot.sendOffer({ tradeUrl: 'https://example.com/trade', itemsToReceive: [ref('1')], itemsToGive: [], message: '' })).rejects.toBeInstanceOf(
      TradeBotUnavailableError,
    );
    await expect(bot.getOffer('999999')).rejects.toBeInstanceOf(TradeBotUnavailableError);
    const cancel = await fetch(`${app.url}/dev/steam/api/IEconService/CancelTradeOffer/v1/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'tradeofferid=999999',
    });
    expect(cancel.status).toBe(404);
  });
});

describe('reversing a trade during its protection', () => {
  it('returns the items to the seller with new ids; history shows status 12 and a rollback trade naming it', async () => {
    const seller = await accountWithItems(app, 2);
    const sent = await depositOffer(seller);
    await sleep(ACCEPT_MS + 50);
    const accepted = await bot.getOffer(sent.offerId);
    const since = Math.floor(Date.now() / 1000) - 60;

    const reversed = await fetch(`${app.url}/dev/steam/trades/${accepted.tradeId}/reverse`, { method: 'POST' });
    expect(reversed.status).toBe(200);
    const body = (await reversed.json()) as { rollbackTradeId: string };

    const trades = await bot.getTradeHistory(since);
    expect(trades.find((trade) => trade.tradeId === accepted.tradeId)).toMatchObject({ status: 12 });
    expect(trades.find((trade) => trade.rollbackTrade === accepted.tradeId)).toMatchObject({ tradeId: body.rollbackTradeId, status: 3 });
    // The offer itself stays Accepted, as on Steam.
    expect((await bot.getOffer(sent.offerId)).state).toBe(3);

    const sellerItems = assetIds(await inventory(app, seller.steamId));
    const botProtected = assetIds(await inventory(app, SIM_BOT_STEAM_ID, '16'));
    for (const item of accepted.received) {
      expect(botProtected).not.toContain(item.newAssetid);
      expect(sellerItems).not.toContain(item.newAssetid);
      expect(sellerItems).not.toContain(item.assetid);
    }
    const returned = (await history(app)).response.trades.find((trade) => trade.tradeid === body.rollbackTradeId) as unknown as {
      assets_given: Array<{ assetid: string; new_assetid: string }>;
    };
    for (const asset of returned.assets_given) expect(sellerItems).toContain(asset.new_assetid);
    expect(returned.assets_given).toHaveLength(2);

    // Without include_failed, Steam leaves the rolled-back trade out.
    expect((await history(app, 'max_trades=500')).response.trades.some((trade) => trade.tradeid === accepted.tradeId)).toBe(false);
    const again = await fetch(`${app.url}/dev/steam/trades/${accepted.tradeId}/reverse`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect((await fetch(`${app.url}/dev/steam/trades/123/reverse`, { method: 'POST' })).status).toBe(404);
  });
});

describe('inventory pages', () => {
  it('list the items newest first across pages; the count comes with the first page only', async () => {
    const steamId = uniqueSteamId();
    const whole = assetIds(await inventory(app, steamId));
    expect(whole.length).toBeGreaterThan(4);
    expect(whole).toEqual([...whole].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1)));
    const page = async (query: string) => {
      const response = await fetch(`${app.url}/dev/steam/inventory/${steamId}/730/2?l=english&${query}`);
      expect(response.status).toBe(200);
      return (await response.json()) as InventoryJson & { total_inventory_count?: number; last_assetid?: string };
    };
    const first = await page('count=2');
    expect(assetIds(first)).toEqual(whole.slice(0, 2));
    expect(first.total_inventory_count).toBe(whole.length);
    const second = await page(`count=2&start_assetid=${first.last_assetid}`);
    expect(assetIds(second)).toEqual(whole.slice(2, 4));
    expect(second).not.toHaveProperty('total_inventory_count');
  });
});

describe('trade history paging', () => {
  it('reads every trade since the given time across pages, newest first', async () => {
    const since = Math.floor(Date.now() / 1000) - 1;
    const offers = [];
    for (let i = 0; i < 3; i++) offers.push(await depositOffer(await accountWithItems(app, 1)));
    await sleep(ACCEPT_MS + 50);
    const tradeIds = await Promise.all(offers.map(async (offer) => (await bot.getOffer(offer.offerId)).tradeId));
    const pageOne = await history(app, 'include_failed=1&max_trades=1');
    expect(pageOne.response.trades).toHaveLength(1);
    expect(pageOne.response.more).toBe(true);
    const all = await bot.getTradeHistory(since);
    for (const tradeId of tradeIds) expect(all.map((trade) => trade.tradeId)).toContain(tradeId);
    const times = all.map((trade) => trade.timeInit);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('after the hold', () => {
  let shortHold: TestApp;
  beforeAll(async () => {
    shortHold = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '100', TRADE_HOLD_MS: '400' } });
  });
  afterAll(async () => {
    await shortHold?.close();
  });

  it('the item is tradable in context 2, cannot be reversed, and the bot can give it to a buyer', async () => {
    const shortBot = shortHold.services.bot;
    const seller = await accountWithItems(shortHold, 1);
    const sent = await depositOffer(seller, shortBot);
    await sleep(150);
    const accepted = await shortBot.getOffer(sent.offerId);
    const item = accepted.received[0]!;
    expect(await shortBot.isTradable(item.newAssetid)).toBe(false);
    await sleep(450);
    expect(await shortBot.isTradable(item.newAssetid)).toBe(true);
    expect(assetIds(await inventory(shortHold, SIM_BOT_STEAM_ID, '2'))).toContain(item.newAssetid);
    const late = await fetch(`${shortHold.url}/dev/steam/trades/${accepted.tradeId}/reverse`, { method: 'POST' });
    expect(late.status).toBe(409);

    const buyer = await accountWithItems(shortHold, 0);
    const delivery = await shortBot.sendOffer({ tradeUrl: tradeUrlOf(buyer.steamId), itemsToGive: [ref(item.newAssetid)], itemsToReceive: [], message: 'Your purchase' });
    await sleep(150);
    const delivered = await shortBot.getOffer(delivery.offerId);
    expect(delivered).toMatchObject({ state: 3, received: [], tradableAt: null });
    expect(await shortBot.isTradable(item.newAssetid)).toBe(false);
    const buyerItems = await inventory(shortHold, buyer.steamId);
    const trade = (await history(shortHold)).response.trades.find((candidate) => candidate.tradeid === delivered.tradeId) as unknown as {
      assets_given: Array<{ new_assetid: string; new_contextid: string }>;
    };
    expect(trade.assets_given[0]!.new_contextid).toBe('2');
    expect(assetIds(buyerItems)).toContain(trade.assets_given[0]!.new_assetid);
  });

  it('start() beats the heartbeat and reports offer changes it polls; stop() ends both', async () => {
    const polling = createSimulatedTradeBot({
      baseUrl: `${shortHold.url}/dev/steam`,
      dataSource: shortHold.services.dataSource,
      logger: shortHold.services.logger,
      holdMs: 400,
      pollMs: 50,
    });
    const seen: BotOffer[] = [];
    polling.onOfferChanged((offer) => seen.push(offer));
    await shortHold.services.dataSource.query(`DELETE FROM bot_heartbeats WHERE bot = 'simulated'`);
    const stop = await polling.start();
    try {
      const seller = await accountWithItems(shortHold, 1);
      const sent = await depositOffer(seller, polling);
      const decliner = await accountWithItems(shortHold, 1, DECLINING_DEMO_STEAM_ID);
      const declined = await depositOffer(decliner, polling);
      await expect.poll(() => seen.filter((offer) => offer.id === sent.offerId || offer.id === declined.offerId).length, { timeout: 3_000 }).toBe(2);
      const acceptedEvent = seen.find((offer) => offer.id === sent.offerId)!;
      expect(acceptedEvent.state).toBe(3);
      expect(acceptedEvent.received).toHaveLength(1);
      expect(seen.find((offer) => offer.id === declined.offerId)!.state).toBe(7);
      const rows = (await shortHold.services.dataSource.query(`SELECT last_seen_at FROM bot_heartbeats WHERE bot = 'simulated'`)) as unknown[];
      expect(rows).toHaveLength(1);
    } finally {
      await stop();
    }
    const count = seen.length;
    await sleep(200);
    expect(seen.length).toBe(count);
  });
});

describe('an unreachable Steam', () => {
  it('is TradeBotUnavailableError for every call', async () => {
    const offline = createSimulatedTradeBot({ baseUrl: 'http://127.0.0.1:9/dev/steam', dataSource: app.services.dataSource, logger: app.services.logger, holdMs: 0 });
    await expect(offline.getOffer('1')).rejects.toBeInstanceOf(TradeBotUnavailableError);
    await expect(offline.sendOffer({ tradeUrl: tradeUrlOf(uniqueSteamId()), itemsToReceive: [ref('1')], itemsToGive: [], message: '' })).rejects.toBeInstanceOf(
      TradeBotUnavailableError,
    );
    await expect(offline.getTradeHistory(0)).rejects.toBeInstanceOf(TradeBotUnavailableError);
    await expect(offline.cancelOffer('1')).rejects.toBeInstanceOf(TradeBotUnavailableError);
    await expect(offline.isTradable('1')).rejects.toBeInstanceOf(TradeBotUnavailableError);
  });
});
