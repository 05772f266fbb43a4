/**
 * The simulated Steam's completed trades: moving items between owners (with new asset ids, as
 * Steam gives traded items), trade protection on what the bot receives, the trade history in
 * IEconService's shape, and the dev-only reversal that Steam's trade protection allows (the
 * original trade becomes status 12 and a new trade whose `rollback_trade` names it appears).
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { inTransaction } from '../../../db/transaction';

/** How the simulated Steam trades (router.ts builds them from the config). */
export interface TradingRules {
  /** How long the simulated counterparty takes to answer (SIM_TRADE_ACCEPT_MS). */
  acceptMs: number;
  /** How long items the bot receives stay trade-protected (TRADE_HOLD_MS). */
  holdMs: number;
  /** The bot's account: the items it receives are trade-protected. */
  botSteamId: string;
}

/** ETradeStatus values the simulation produces. */
export const TRADE_STATUS = { Complete: 3, TradeProtectionRollback: 12 } as const;

/** One moved item as stored on the trade. */
export interface TradeAsset {
  giver: string;
  receiver: string;
  appid: number;
  contextid: string;
  assetid: string;
  classid: string;
  instanceid: string;
  amount: string;
  new_assetid: string;
  new_contextid: string;
}

export interface SimTradeRow {
  tradeid: string;
  steam_id_a: string;
  steam_id_b: string;
  status: number;
  rollback_trade: string | null;
  assets: TradeAsset[];
  time_init: Date;
}

export interface Move {
  asset: { appid: number; contextid: string; assetid: string; classid: string; instanceid: string; amount: string };
  giver: string;
  receiver: string;
}

const TRADE_COLUMNS = 'tradeid::text AS tradeid, steam_id_a, steam_id_b, status, rollback_trade::text AS rollback_trade, assets, time_init';

/**
 * Moves the items (the caller has locked them and checked their owners) and records the trade.
 * Each item gets a new asset id; what the bot receives is protected until `at` + TRADE_HOLD_MS
 * (Steam rounds that end up to the hour; the simulation does not, so short test holds stay short).
 */
export async function executeTrade(
  manager: EntityManager,
  rules: TradingRules,
  trade: { a: string; b: string; at: Date; moves: Move[]; rollbackOf?: string },
): Promise<string> {
  const assets: TradeAsset[] = [];
  for (const { asset, giver, receiver } of trade.moves) {
    const protectedUntil = receiver === rules.botSteamId && rules.holdMs > 0 ? new Date(trade.at.getTime() + rules.holdMs) : null;
    const [moved] = (await manager.query(
      `WITH old AS (DELETE FROM sim_steam_items WHERE assetid = $1 AND steam_id = $2 RETURNING item),
            fresh AS (SELECT nextval('sim_asset_ids')::text AS assetid)
       INSERT INTO sim_steam_items (assetid, steam_id, item, protected_until)
       SELECT fresh.assetid, $3, jsonb_set(old.item, '{assetid}', to_jsonb(fresh.assetid)), $4 FROM old, fresh
       RETURNING assetid`,
      [asset.assetid, giver, receiver, protectedUntil],
    )) as Array<{ assetid: string }>;
    if (!moved) throw new Error(`item ${asset.assetid} is not ${giver}'s`);
    const newContextid = protectedUntil && protectedUntil.getTime() > Date.now() ? '16' : '2';
    assets.push({ giver, receiver, ...asset, new_assetid: moved.assetid, new_contextid: newContextid });
  }
  const [row] = (await manager.query(
    `INSERT INTO sim_trades (steam_id_a, steam_id_b, rollback_trade, assets, time_init) VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING tradeid::text AS tradeid`,
    [trade.a, trade.b, trade.rollbackOf ?? null, JSON.stringify(assets), trade.at],
  )) as Array<{ tradeid: string }>;
  return row!.tradeid;
}

/** A trade as IEconService (GetTradeHistory, GetTradeStatus) shows it to `viewer`. */
export function tradeJson(trade: SimTradeRow, viewer: string) {
  const asJson = ({ appid, contextid, assetid, classid, instanceid, amount, new_assetid, new_contextid }: TradeAsset) => ({
    appid,
    contextid,
    assetid,
    amount,
    classid,
    instanceid,
    new_assetid,
    new_contextid,
  });
  const given = trade.assets.filter((asset) => asset.giver === viewer).map(asJson);
  const received = trade.assets.filter((asset) => asset.receiver === viewer).map(asJson);
  return {
    tradeid: trade.tradeid,
    steamid_other: trade.steam_id_a === viewer ? trade.steam_id_b : trade.steam_id_a,
    time_init: Math.floor(trade.time_init.getTime() / 1000),
    status: trade.status,
    ...(trade.rollback_trade ? { rollback_trade: trade.rollback_trade } : {}),
    ...(given.length ? { assets_given: given } : {}),
    ...(received.length ? { assets_received: received } : {}),
  };
}

export interface HistoryQuery {
  maxTrades: number;
  /** Page after this trade (newest first): trades older than (time, tradeid). */
  startAfterTime?: number;
  startAfterTradeId?: string;
  /** Steam leaves out trades that did not end Complete unless asked. */
  includeFailed: boolean;
}

/** `viewer`'s trades, newest first, one page; `more` when older ones exist. */
export async function tradeHistory(dataSource: DataSource, viewer: string, query: HistoryQuery): Promise<{ trades: SimTradeRow[]; more: boolean }> {
  const params: unknown[] = [viewer, query.maxTrades + 1];
  let after = '';
  if (query.startAfterTime !== undefined) {
    params.push(new Date(query.startAfterTime * 1000), query.startAfterTradeId ?? '9223372036854775807');
    after = `AND (date_trunc('second', time_init), tradeid) < ($3, $4::bigint)`;
  }
  const rows = (await dataSource.query(
    `SELECT ${TRADE_COLUMNS} FROM sim_trades
     WHERE (steam_id_a = $1 OR steam_id_b = $1) ${query.includeFailed ? '' : `AND status = ${TRADE_STATUS.Complete}`} ${after}
     ORDER BY date_trunc('second', time_init) DESC, tradeid DESC LIMIT $2`,
    params,
  )) as SimTradeRow[];
  return { trades: rows.slice(0, query.maxTrades), more: rows.length > query.maxTrades };
}

export async function tradeById(db: DataSource | EntityManager, tradeid: string, lock = false): Promise<SimTradeRow | undefined> {
  if (!/^\d{1,19}$/.test(tradeid)) return undefined;
  const [row] = (await db.query(`SELECT ${TRADE_COLUMNS} FROM sim_trades WHERE tradeid = $1 ${lock ? 'FOR UPDATE' : ''}`, [tradeid])) as SimTradeRow[];
  return row;
}

export type ReverseResult = { status: 'reversed'; rollbackTradeId: string } | { status: 'not_found' } | { status: 'refused'; reason: string };

/**
 * Reverses a trade within its protection window (TRADE_HOLD_MS after it): every item goes back to
 * its giver with a new asset id, the trade becomes status 12 and a rollback trade naming it is
 * recorded. Refused once the window is over, for a rollback or already-reversed trade, and when a
 * receiver no longer holds an item.
 */
export async function reverseTrade(dataSource: DataSource, rules: TradingRules, tradeid: string): Promise<ReverseResult> {
  return inTransaction(dataSource, async (manager) => {
    const trade = await tradeById(manager, tradeid, true);
    if (!trade) return { status: 'not_found' };
    if (trade.status !== TRADE_STATUS.Complete) return { status: 'refused', reason: 'The trade was already reversed' };
    if (trade.rollback_trade) return { status: 'refused', reason: 'A rollback trade cannot be reversed' };
    if (trade.time_init.getTime() + rules.holdMs <= Date.now()) return { status: 'refused', reason: 'The trade protection period is over' };
    const assetids = trade.assets.map((asset) => asset.new_assetid).sort();
    const owned = (await manager.query('SELECT assetid, steam_id FROM sim_steam_items WHERE assetid = ANY($1::text[]) ORDER BY assetid FOR UPDATE', [
      assetids,
    ])) as Array<{ assetid: string; steam_id: string }>;
    const ownerOf = new Map(owned.map((row) => [row.assetid, row.steam_id]));
    if (trade.assets.some((asset) => ownerOf.get(asset.new_assetid) !== asset.receiver)) {
      return { status: 'refused', reason: 'An item of the trade is no longer with its receiver' };
    }
    const rollbackTradeId = await executeTrade(manager, { ...rules, holdMs: 0 }, {
      a: trade.steam_id_a,
      b: trade.steam_id_b,
      at: new Date(),
      rollbackOf: trade.tradeid,
      moves: trade.assets.map((asset) => ({
        asset: { appid: asset.appid, contextid: asset.new_contextid, assetid: asset.new_assetid, classid: asset.classid, instanceid: asset.instanceid, amount: asset.amount },
        giver: asset.receiver,
        receiver: asset.giver,
      })),
    });
    await manager.query(`UPDATE sim_trades SET status = ${TRADE_STATUS.TradeProtectionRollback} WHERE tradeid = $1`, [trade.tradeid]);
    return { status: 'reversed', rollbackTradeId };
  });
}
