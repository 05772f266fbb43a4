/**
 * The simulated Steam's trade offers: sending, the counterparty's answer and cancelling. The
 * counterparty answers SIM_TRADE_ACCEPT_MS after an offer was sent; nothing runs on a timer: every
 * read settles the offers that are due first, under a row lock, so two readers never both move
 * the items. On acceptance the items really move between `sim_steam_items` owners (see trades.ts).
 * Accounts that decline every offer (the Demo Decliner) or cannot trade are flagged on
 * `sim_steam_accounts` (accounts.ts).
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { inTransaction } from '../../../db/transaction';
import { type SimItem } from '../demoInventory';
import { executeTrade, type TradingRules } from './trades';

/** ETradeOfferState values the simulation produces. */
export const OFFER_STATE = { Active: 2, Accepted: 3, Canceled: 6, Declined: 7, InvalidItems: 8 } as const;

/** Steam lets an unanswered offer live for 14 days. */
const OFFER_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

/** An item in an offer, as Steam lists it. */
export interface OfferAsset {
  appid: number;
  contextid: string;
  assetid: string;
  classid: string;
  instanceid: string;
  amount: string;
}

export interface SimOfferRow {
  tradeofferid: string;
  sender_steam_id: string;
  partner_steam_id: string;
  message: string;
  items_to_give: OfferAsset[];
  items_to_receive: OfferAsset[];
  state: number;
  respond_at: Date;
  expires_at: Date;
  tradeid: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A refusal Steam would answer with `strError` (the offer is not created). */
export class OfferRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OfferRefusedError';
  }
}

const OFFER_COLUMNS = `tradeofferid::text AS tradeofferid, sender_steam_id, partner_steam_id, message, items_to_give,
  items_to_receive, state, respond_at, expires_at, tradeid::text AS tradeid, created_at, updated_at`;

interface ItemRow {
  assetid: string;
  steam_id: string;
  tradable_now: boolean;
  item: SimItem;
}

/** Locks the items (in asset-id order, so concurrent trades never deadlock) and reads their owner. */
async function lockItems(manager: EntityManager, assetids: string[]): Promise<Map<string, ItemRow>> {
  if (assetids.length === 0) return new Map();
  const rows = (await manager.query(
    `SELECT assetid, steam_id, item, (protected_until IS NULL OR protected_until <= now()) AS tradable_now
     FROM sim_steam_items WHERE assetid = ANY($1::text[]) ORDER BY assetid FOR UPDATE`,
    [[...assetids].sort()],
  )) as ItemRow[];
  return new Map(rows.map((row) => [row.assetid, row]));
}

/** Why the items cannot be traded by `owner` now (not theirs, protected, untradable), or null. */
function unavailable(rows: Map<string, ItemRow>, owner: string, assets: ReadonlyArray<{ assetid: string; contextid: string; appid: number }>): string | null {
  for (const asset of assets) {
    const row = rows.get(asset.assetid);
    if (asset.appid !== 730 || asset.contextid !== '2') return `item ${asset.assetid} is not in app 730 context 2`;
    if (!row || row.steam_id !== owner) return `item ${asset.assetid} is not in the inventory`;
    if (!row.tradable_now || !row.item.tradable) return `item ${asset.assetid} is not tradable`;
  }
  return null;
}

export interface SendOfferInput {
  sender: string;
  partner: string;
  message: string;
  itemsToGive: Array<{ appid: number; contextid: string; assetid: string }>;
  itemsToReceive: Array<{ appid: number; contextid: string; assetid: string }>;
}

/** Creates an Active offer, or throws OfferRefusedError the way Steam refuses to send one. */
export async function sendOffer(dataSource: DataSource, rules: TradingRules, input: SendOfferInput): Promise<SimOfferRow> {
  const all = [...input.itemsToGive, ...input.itemsToReceive];
  if (all.length === 0) throw new OfferRefusedError('You cannot send an empty trade offer.');
  if (new Set(all.map((asset) => asset.assetid)).size !== all.length) throw new OfferRefusedError('An item is in the offer twice.');
  if (input.partner === input.sender) throw new OfferRefusedError('You cannot trade with yourself.');
  return inTransaction(dataSource, async (manager) => {
    const partners = (await manager.query('SELECT steam_id, trade_banned FROM sim_steam_accounts WHERE steam_id = ANY($1::text[])', [
      [input.partner, input.sender],
    ])) as Array<{ steam_id: string; trade_banned: boolean }>;
    // Steam answers an unknown partner, a stale trade URL or an account that cannot trade like this, with code 15.
    if (partners.length !== 2 || partners.some((account) => account.trade_banned)) {
      throw new OfferRefusedError('There was an error sending your trade offer.  Please try again later. (15)');
    }
    const rows = await lockItems(manager, all.map((asset) => asset.assetid));
    const problem = unavailable(rows, input.sender, input.itemsToGive) ?? unavailable(rows, input.partner, input.itemsToReceive);
    // Code 26: the items are no longer where the offer says they are.
    if (problem) throw new OfferRefusedError(`There was an error sending your trade offer.  Please try again later. (26): ${problem}`);
    const asset = (ref: { assetid: string }): OfferAsset => {
      const item = rows.get(ref.assetid)!.item;
      return { appid: 730, contextid: '2', assetid: item.assetid, classid: item.classid, instanceid: item.instanceid, amount: '1' };
    };
    const [offer] = (await manager.query(
      `INSERT INTO sim_trade_offers (sender_steam_id, partner_steam_id, message, items_to_give, items_to_receive, respond_at, expires_at)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, now() + $6 * interval '1 millisecond', now() + $7 * interval '1 millisecond')
       RETURNING ${OFFER_COLUMNS}`,
      [
        input.sender,
        input.partner,
        input.message,
        JSON.stringify(input.itemsToGive.map(asset)),
        JSON.stringify(input.itemsToReceive.map(asset)),
        rules.acceptMs,
        OFFER_LIFETIME_MS,
      ],
    )) as SimOfferRow[];
    return offer!;
  });
}

/**
 * The counterparty's answer, if it is due: an account that declines every offer (the Demo
 * Decliner) declines; items that are no longer where the offer says make it InvalidItems; otherwise
 * it is accepted and the items move. The offer row is locked first, so a second reader waits and
 * then finds it settled.
 */
async function settleLocked(manager: EntityManager, rules: TradingRules, offer: SimOfferRow): Promise<void> {
  if (offer.state !== OFFER_STATE.Active || offer.respond_at.getTime() > Date.now()) return;
  let state: number = OFFER_STATE.Accepted;
  let tradeid: string | null = null;
  const decliners = (await manager.query('SELECT 1 FROM sim_steam_accounts WHERE steam_id = ANY($1::text[]) AND declines_offers', [
    [offer.partner_steam_id, offer.sender_steam_id],
  ])) as unknown[];
  if (decliners.length > 0) {
    state = OFFER_STATE.Declined;
  } else {
    const rows = await lockItems(manager, [...offer.items_to_give, ...offer.items_to_receive].map((asset) => asset.assetid));
    const problem = unavailable(rows, offer.sender_steam_id, offer.items_to_give) ?? unavailable(rows, offer.partner_steam_id, offer.items_to_receive);
    if (problem) {
      state = OFFER_STATE.InvalidItems;
    } else {
      // The counterparty accepted at respond_at (we only learn of it now): the trade happened then.
      tradeid = await executeTrade(manager, rules, {
        a: offer.sender_steam_id,
        b: offer.partner_steam_id,
        at: offer.respond_at,
        moves: [
          ...offer.items_to_give.map((asset) => ({ asset, giver: offer.sender_steam_id, receiver: offer.partner_steam_id })),
          ...offer.items_to_receive.map((asset) => ({ asset, giver: offer.partner_steam_id, receiver: offer.sender_steam_id })),
        ],
      });
    }
  }
  await manager.query('UPDATE sim_trade_offers SET state = $2, tradeid = $3, updated_at = $4 WHERE tradeofferid = $1', [
    offer.tradeofferid,
    state,
    tradeid,
    offer.respond_at,
  ]);
}

async function lockOffer(manager: EntityManager, tradeofferid: string): Promise<SimOfferRow | undefined> {
  if (!/^\d{1,19}$/.test(tradeofferid)) return undefined;
  const [offer] = (await manager.query(`SELECT ${OFFER_COLUMNS} FROM sim_trade_offers WHERE tradeofferid = $1 FOR UPDATE`, [tradeofferid])) as SimOfferRow[];
  return offer;
}

/** Settles every due offer `steamId` is party to (before its inventory or history is read). */
export async function settleDueOffers(dataSource: DataSource, rules: TradingRules, steamId: string): Promise<void> {
  const due = (await dataSource.query(
    `SELECT tradeofferid::text AS id FROM sim_trade_offers
     WHERE state = 2 AND respond_at <= now() AND (sender_steam_id = $1 OR partner_steam_id = $1) ORDER BY tradeofferid`,
    [steamId],
  )) as Array<{ id: string }>;
  for (const { id } of due) await readOffer(dataSource, rules, id);
}

/** The offer after settling it if due; undefined when there is no such offer. */
export async function readOffer(dataSource: DataSource, rules: TradingRules, tradeofferid: string): Promise<SimOfferRow | undefined> {
  return inTransaction(dataSource, async (manager) => {
    const offer = await lockOffer(manager, tradeofferid);
    if (!offer) return undefined;
    await settleLocked(manager, rules, offer);
    return lockOffer(manager, tradeofferid);
  });
}

/**
 * Cancels an Active offer; `'not_active'` when it already ended (answered before the cancel
 * arrived, which is settled first), `'not_found'` when the sender has no such offer.
 */
export async function cancelOffer(dataSource: DataSource, rules: TradingRules, sender: string, tradeofferid: string): Promise<'cancelled' | 'not_active' | 'not_found'> {
  return inTransaction(dataSource, async (manager) => {
    const offer = await lockOffer(manager, tradeofferid);
    if (!offer || offer.sender_steam_id !== sender) return 'not_found';
    await settleLocked(manager, rules, offer);
    const result = (await manager.query(
      `UPDATE sim_trade_offers SET state = ${OFFER_STATE.Canceled}, updated_at = now() WHERE tradeofferid = $1 AND state = ${OFFER_STATE.Active} RETURNING 1`,
      [tradeofferid],
    )) as unknown[];
    return result.length > 0 ? 'cancelled' : 'not_active';
  });
}

/** The offers `steamId` sent that are active or changed since `since` (GetTradeOffers' historical cutoff). */
export async function sentOffers(dataSource: DataSource, rules: TradingRules, steamId: string, options: { activeOnly: boolean; since: Date }): Promise<SimOfferRow[]> {
  await settleDueOffers(dataSource, rules, steamId);
  const filter = options.activeOnly ? 'AND (state = 2 OR updated_at >= $2)' : '';
  return (await dataSource.query(
    `SELECT ${OFFER_COLUMNS} FROM sim_trade_offers WHERE sender_steam_id = $1 ${filter} ORDER BY tradeofferid DESC LIMIT 500`,
    options.activeOnly ? [steamId, options.since] : [steamId],
  )) as SimOfferRow[];
}
