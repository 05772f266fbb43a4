/**
 * The simulated Steam's accounts and their inventories, kept in PostgreSQL so items can really
 * move between accounts when the simulated bot trades. Any valid steamid64 "exists": its profile
 * and inventory are generated (deterministically) the first time anything asks for it.
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { DECLINING_DEMO_STEAM_ID, generateInventory, personaNameOf as demoPersonaNameOf, type SimItem } from './demoInventory';

/** Test accounts for trying the failure paths from the sign-in page. */
export const PRIVATE_INVENTORY_STEAM_ID = '76561198000000009';
export const STEAM_OUTAGE_STEAM_ID = '76561198000000008';
export const TRADE_BANNED_STEAM_ID = '76561198000000007';

/** The simulated trade bot's account: it starts with an empty inventory and fills up by trading. */
export const SIM_BOT_STEAM_ID = '76561198000000100';
export const SIM_BOT_PERSONA_NAME = 'SkinMarket Bot';

export const testAccounts = [
  { steamId: PRIVATE_INVENTORY_STEAM_ID, personaName: 'Private Inventory', note: 'inventory is private' },
  { steamId: STEAM_OUTAGE_STEAM_ID, personaName: 'Steam Outage', note: 'inventory and trade URL checks are rate limited' },
  { steamId: TRADE_BANNED_STEAM_ID, personaName: 'Trade Banned', note: 'cannot receive trade offers' },
];

export interface SimAccount {
  steamId: string;
  personaName: string;
}

function personaNameOf(steamId: string): string {
  if (steamId === SIM_BOT_STEAM_ID) return SIM_BOT_PERSONA_NAME;
  return testAccounts.find((account) => account.steamId === steamId)?.personaName ?? demoPersonaNameOf(steamId);
}

/** The account, created with its generated inventory on first use (safe under concurrency). */
export async function ensureAccount(dataSource: DataSource, steamId: string): Promise<SimAccount> {
  const [existing] = (await dataSource.query('SELECT persona_name FROM sim_steam_accounts WHERE steam_id = $1', [steamId])) as Array<{
    persona_name: string;
  }>;
  if (existing) return { steamId, personaName: existing.persona_name };
  const personaName = personaNameOf(steamId);
  await dataSource.transaction(async (manager) => {
    const created = await manager.query(
      `INSERT INTO sim_steam_accounts (steam_id, persona_name, trade_banned, declines_offers) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING steam_id`,
      [steamId, personaName, steamId === TRADE_BANNED_STEAM_ID, steamId === DECLINING_DEMO_STEAM_ID],
    );
    if (created.length === 0) return;
    const items = steamId === SIM_BOT_STEAM_ID ? [] : generateInventory(steamId);
    await manager.query(
      `INSERT INTO sim_steam_items (assetid, steam_id, item)
       SELECT item->>'assetid', $1, item FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(item, n) ORDER BY n`,
      [steamId, JSON.stringify(items)],
    );
  });
  return { steamId, personaName };
}

/** What Steam knows about how an account trades. */
export interface SimTradingProfile {
  /** Cannot trade at all: offers to it are refused and GetTradeHoldDurations fails for it. */
  tradeBanned: boolean;
  /** Declines every offer it receives (the Demo Decliner does). */
  declinesOffers: boolean;
  /** Days Steam holds the trades it receives (no mobile authenticator); 0 normally. */
  tradeHoldDays: number;
}

/** The account's trading profile; null for an account nothing has asked about yet. */
export async function tradingProfileOf(db: DataSource | EntityManager, steamId: string): Promise<SimTradingProfile | null> {
  const [row] = (await db.query('SELECT trade_banned, declines_offers, trade_hold_days FROM sim_steam_accounts WHERE steam_id = $1', [steamId])) as Array<{
    trade_banned: boolean;
    declines_offers: boolean;
    trade_hold_days: number;
  }>;
  return row ? { tradeBanned: row.trade_banned, declinesOffers: row.declines_offers, tradeHoldDays: row.trade_hold_days } : null;
}

/** Changes how an account trades, as Steam would after a ban or a change of its settings (tests and demos). */
export async function setTradingProfile(dataSource: DataSource, steamId: string, changes: Partial<SimTradingProfile>): Promise<void> {
  await ensureAccount(dataSource, steamId);
  await dataSource.query(
    `UPDATE sim_steam_accounts SET trade_banned = coalesce($2, trade_banned), declines_offers = coalesce($3, declines_offers),
       trade_hold_days = coalesce($4, trade_hold_days) WHERE steam_id = $1`,
    [steamId, changes.tradeBanned ?? null, changes.declinesOffers ?? null, changes.tradeHoldDays ?? null],
  );
}

/** Inventory contexts: 2 holds tradable items, 16 the ones under trade protection. */
export type SimContextId = '2' | '16';

/**
 * One page of the account's items in one context, newest (highest asset id) first as Steam lists
 * them: up to `count + 1` items after `startAssetId` (the extra one tells the renderer there are
 * more), and, on the first page only, how many the context holds. An item is in context 16 while
 * its trade protection lasts, in context 2 after. Paged in SQL along the owner index: the bot's
 * inventory can hold the whole seeded market, where counting it takes a third of a second, and the
 * simulated bot reads a one-item page after a start for every hold end (Steam counts on every page;
 * nothing here reads the total past the first page).
 */
export async function inventoryPageOf(
  db: DataSource | EntityManager,
  steamId: string,
  contextId: SimContextId,
  page: { count: number; startAssetId?: string },
): Promise<{ items: SimItem[]; total: number | null }> {
  const inContext = contextId === '16' ? 'protected_until > now()' : '(protected_until IS NULL OR protected_until <= now())';
  const params: unknown[] = [steamId, page.count + 1];
  if (page.startAssetId !== undefined) params.push(page.startAssetId);
  const rows = (await db.query(
    `SELECT item FROM sim_steam_items WHERE steam_id = $1 AND ${inContext} ${page.startAssetId !== undefined ? 'AND assetid::numeric < $3::numeric' : ''}
     ORDER BY assetid::numeric DESC LIMIT $2`,
    params,
  )) as Array<{ item: SimItem }>;
  if (page.startAssetId !== undefined) return { items: rows.map((row) => row.item), total: null };
  const [counted] = (await db.query(`SELECT count(*)::int AS total FROM sim_steam_items WHERE steam_id = $1 AND ${inContext}`, [steamId])) as Array<{
    total: number;
  }>;
  return { items: rows.map((row) => row.item), total: counted!.total };
}
