/**
 * POST /api/trade-offer/:id/cancel ('Cancel Trade'): the seller's open offer is cancelled at Steam
 * and recorded failed, its items free to sell again; an offer accepted first stays accepted and
 * listed; another user's offer is not found; the bot unreachable changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_OFFER_STATES, type ListingsPage, type TradeOfferStatus } from '../../../shared/schemas/market';
import { type InventoryResponse } from '../../../shared/schemas/inventory';
import { CANCEL_FAILED_MESSAGE, tradeOfferCanceller } from '../../commands/tradeOfferCanceller';
import { HttpError } from '../../errors';
import { TradeBotUnavailableError } from '../../steam/tradeBot';
import { offerItems, offerRow, settledStatus, signInSeller, type Seller } from '../../test/selling';
import { startTestApp, type TestApp } from '../../test/testApp';

// The simulated counterparty answers only after a minute here: offers stay open for the test.
let slow: TestApp;
// Here it accepts at once.
let fast: TestApp;
beforeAll(async () => {
  slow = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '60000' } });
  fast = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '100' } });
});
afterAll(async () => {
  await slow.close();
  await fast.close();
});

async function openOffer(app: TestApp): Promise<{ seller: Seller; offerId: string; assetids: string[] }> {
  const seller = await signInSeller(app);
  const items = seller.sellable.slice(0, 2);
  const sent = await offerItems(seller, items);
  expect(sent.status, sent.text).toBe(201);
  return { seller, offerId: sent.body.offerId, assetids: items.map((item) => item.assetid) };
}

const listedAssets = async (seller: Seller) =>
  (await seller.client.get<InventoryResponse>('/api/inventory')).body.items.filter((item) => item.listed).map((item) => item.assetid);

describe('POST /api/trade-offer/:id/cancel', () => {
  it("cancels the seller's open offer at Steam, records it failed and frees its items; twice changes nothing", async () => {
    const { seller, offerId, assetids } = await openOffer(slow);
    expect((await listedAssets(seller)).sort()).toEqual([...assetids].sort());

    const cancelled = await seller.client.post<TradeOfferStatus>(`/api/trade-offer/${offerId}/cancel`, {});
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toEqual({ success: false, isAccepted: false, state: 'Canceled', message: 'The trade offer was cancelled.' });

    const row = await offerRow(slow, offerId);
    expect(row.status).toBe('failed');
    expect((await slow.services.bot.getOffer(row.steamOfferId!)).state).toBe(TRADE_OFFER_STATES.Canceled);
    expect(await listedAssets(seller)).toEqual([]);
    expect((await seller.client.get<TradeOfferStatus>(`/api/trade-offer/${offerId}/status`)).body.success).toBe(false);

    const again = await seller.client.post<TradeOfferStatus>(`/api/trade-offer/${offerId}/cancel`, {});
    expect(again.status).toBe(200);
    expect(again.body).toEqual(cancelled.body);
    expect((await offerRow(slow, offerId)).updatedAt).toEqual(row.updatedAt);
  });

  it('leaves an offer the seller accepted first accepted, with its listings', async () => {
    const { seller, offerId } = await openOffer(fast);
    expect((await settledStatus(seller.client, offerId)).isAccepted).toBe(true);

    const late = await seller.client.post<TradeOfferStatus>(`/api/trade-offer/${offerId}/cancel`, {});
    expect(late.status, late.text).toBe(200);
    expect(late.body).toMatchObject({ success: true, isAccepted: true, state: 'Accepted' });
    expect((await seller.client.get<ListingsPage>('/api/listings')).body.items).toHaveLength(2);
  });

  it("answers 404 for another user's offer and an unknown or malformed id, 401 signed out, and changes nothing", async () => {
    const { offerId } = await openOffer(slow);
    const other = await signInSeller(slow);
    const before = await offerRow(slow, offerId);

    for (const id of [offerId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const refused = await other.client.post(`/api/trade-offer/${id}/cancel`, {});
      expect(refused.status, id).toBe(404);
    }
    expect((await slow.client().post(`/api/trade-offer/${offerId}/cancel`, {})).status).toBe(401);
    expect(await offerRow(slow, offerId)).toEqual(before);
  });

  it('answers 503 and changes nothing when the bot cannot be reached', async () => {
    const { seller, offerId } = await openOffer(slow);
    const before = await offerRow(slow, offerId);
    const unreachable = { ...slow.services.bot, cancelOffer: () => Promise.reject(new TradeBotUnavailableError('unreachable')) };

    const refused = await tradeOfferCanceller({ userId: seller.userId, offerId, services: { ...slow.services, bot: unreachable } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 503, message: CANCEL_FAILED_MESSAGE });
    expect(await offerRow(slow, offerId)).toEqual(before);
  });
});
