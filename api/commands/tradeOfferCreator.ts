/**
 * POST /api/trade-offers: a seller offers items from their Steam inventory for sale.
 *
 * A frozen account cannot sell: 403 `account_frozen` (users/frozenAccounts.ts), before anything else.
 * The request contributes only asset ids and prices. The inventory is read from Steam again (not
 * the five-minute cache; the cached copy is used only while Steam has us backing off after a 429),
 * and every item's name, condition, rarity, image, float, pattern and tradability come from it.
 * Each item must be in the inventory, tradable, marketable and not already in an open deposit offer
 * or a live listing (409 naming it). The offer is committed as `sending` (the seller's row locked,
 * so two requests cannot offer the same item twice), then the bot sends it (outside the
 * transaction). A bot that cannot be reached leaves the offer `failed` and the request answers 503.
 * A process that does not run the bot (a web process) answers with the offer still `sending` and
 * wakes the leading worker, which sends it. The answer is the same when another dispatcher (the
 * sweep) claimed the offer first.
 */
import { type EntityManager } from 'typeorm';
import { STEAM_CONTEXT_ID } from '../../shared/constants';
import { type TradeOfferRequest } from '../../shared/schemas/market';
import { tradeUrlBelongsTo } from '../../shared/steam';
import { audit } from '../audit/auditLog';
import { type AppServices } from '../context';
import { inTransaction } from '../db/transaction';
import { TradeOffer, User } from '../entities';
import { type TradeOfferItem } from '../entities/TradeOffer';
import { HttpError, badRequest, conflict } from '../errors';
import { recordEvent } from '../events/domainEvents';
import { listedAssetIds } from '../inventory/listedAssets';
import { loadInventory } from '../inventory/reader';
import { insertOffer } from '../market/offers';
import { SEND_FAILED_MESSAGE } from '../market/offerStates';
import { wakeOfferWork } from '../market/offerWork';
import { type ParsedInventoryItem, SteamUnavailableError } from '../steam/gateway';
import { refuseIfFrozen } from '../users/frozenAccounts';
import { tradeOfferDispatcher } from './tradeOfferDispatcher';

interface Props {
  user: User;
  request: TradeOfferRequest;
  services: Pick<AppServices, 'dataSource' | 'steam' | 'bot' | 'runsBot' | 'logger' | 'config'> & Partial<Pick<AppServices, 'jobs'>>;
}

const itemLabel = (item: ParsedInventoryItem) => item.name;

/** 409 naming the refused items: `fields` maps each refused asset id to why. */
function refuse(refused: Array<{ assetid: string; label: string; reason: string }>): HttpError {
  const [first] = refused;
  const summary = `${first!.label}: ${first!.reason}${refused.length > 1 ? ` (and ${refused.length - 1} more)` : ''}`;
  return conflict(summary, 'item_unavailable', Object.fromEntries(refused.map((entry) => [entry.assetid, entry.reason])));
}

function offerItem(item: ParsedInventoryItem, priceCents: bigint): TradeOfferItem {
  return {
    assetid: item.assetid,
    contextid: item.contextid || STEAM_CONTEXT_ID,
    priceCents: priceCents.toString(),
    name: item.name,
    marketHashName: item.marketHashName,
    imageUrl: item.imageUrl,
    weaponType: item.weaponType,
    rarity: item.rarity,
    condition: item.condition,
    float: item.float,
    paintSeed: item.paintSeed,
    statTrak: item.statTrak,
    souvenir: item.souvenir,
    inspectLink: item.inspectLink,
  };
}

async function readSellersInventory(user: User, services: Props['services']): Promise<Map<string, ParsedInventoryItem>> {
  try {
    const inventory = await loadInventory({ steamId: user.steamId, refresh: true, dataSource: services.dataSource, steam: services.steam });
    return new Map(inventory.items.map((item) => [item.assetid, item]));
  } catch (error) {
    if (!(error instanceof SteamUnavailableError)) throw error;
    throw new HttpError(503, 'steam_unavailable', 'Unable to load your Steam inventory at this time.', undefined, { 'Retry-After': '60' });
  }
}

export async function tradeOfferCreator({ user, request, services }: Props): Promise<TradeOffer> {
  // The request's own read of the row: spares a frozen account's request the Steam call. The
  // locked row below is what holds.
  refuseIfFrozen(user);
  if (!tradeUrlBelongsTo(request.tradeUrl, user.steamId)) {
    throw badRequest('This trade URL belongs to a different Steam account', { tradeUrl: 'This trade URL belongs to a different Steam account' });
  }
  const inventory = await readSellersInventory(user, services);

  const refused: Array<{ assetid: string; label: string; reason: string }> = [];
  const items: TradeOfferItem[] = [];
  for (const requested of request.items) {
    const item = inventory.get(requested.assetid);
    if (!item) refused.push({ assetid: requested.assetid, label: `Item ${requested.assetid}`, reason: 'This item is not in your Steam inventory' });
    else if (!item.tradable) refused.push({ assetid: item.assetid, label: itemLabel(item), reason: 'This item cannot be traded' });
    else if (!item.marketable) refused.push({ assetid: item.assetid, label: itemLabel(item), reason: 'This item cannot be sold on the market' });
    else items.push(offerItem(item, requested.price));
  }
  if (refused.length) throw refuse(refused);

  const offer = await inTransaction(services.dataSource, async (manager) => {
    refuseIfFrozen(await lockSeller(manager, user.id));
    const taken = await listedAssetIds(manager, user.id);
    const busy = items.filter((item) => taken.has(item.assetid));
    if (busy.length) {
      throw refuse(busy.map((item) => ({ assetid: item.assetid, label: item.name, reason: 'This item is already listed or in an open trade offer' })));
    }
    const created = await insertOffer(manager, { userId: user.id, kind: 'deposit', tradeUrl: request.tradeUrl, items });
    await audit(manager, {
      actor: `user:${user.id}`,
      action: 'trade_offer.created',
      subjectType: 'trade_offer',
      subjectId: created.id,
      details: { kind: 'deposit', items: items.map((item) => ({ assetid: item.assetid, priceCents: item.priceCents })) },
    });
    await recordEvent(manager, { userId: user.id, type: 'trade-offer', payload: { offerId: created.id, status: 'sending', state: null } });
    return created;
  });

  if (!services.runsBot()) {
    // The leading worker sends it; the seller's status poll follows it from `sending`.
    await wakeOfferWork(services.dataSource, { offerId: offer.id, action: 'send' }, services.logger);
    return offer;
  }
  // `skipped`: another dispatcher claimed it first (the sweep sends fresh offers too) and sends
  // it; the seller's status poll follows it from `sending`, as on a web process.
  const outcome = await tradeOfferDispatcher({ offerId: offer.id, services });
  if (outcome === 'failed') throw new HttpError(503, 'trade_offer_failed', SEND_FAILED_MESSAGE, undefined, { 'Retry-After': '5' });
  return services.dataSource.getRepository(TradeOffer).findOneByOrFail({ id: offer.id });
}

/** Serializes one seller's offers, so an item cannot go into two offers at once; answers the row. */
function lockSeller(manager: EntityManager, userId: string): Promise<User> {
  return manager.getRepository(User).findOneOrFail({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
}
