/**
 * The demo market: SEED_LISTINGS listings from generated seller accounts, so the market is full on
 * first start. Items are real CS2 finishes from the catalogue with floats inside each finish's
 * range, paint seeds, StatTrak™ and Souvenir variants, priced by ./pricing.ts. Like a real deposit,
 * each listed item really sits in the simulated bot's inventory (`sim_steam_items`, trade-protected
 * until the hold ends) under the asset id the listing names, so a bought seeded item can be
 * delivered. About 60 % are still in their hold (ends spread over the coming hold period), the rest
 * `active`; a few valuable ones are featured.
 *
 * Everything is inserted in bulk (one statement per batch of listings: `jsonb_to_recordset` feeding a
 * data-modifying CTE that writes the bot's items and the listings together), so 100,000 listings
 * seed in seconds.
 */
import { type EntityManager } from 'typeorm';
import { type Condition, type Rarity } from '../../../shared/constants';
import { feeCents } from '../../../shared/money';
import { accountIdOf, STEAMID64_BASE } from '../../../shared/steam';
import { type Seeder } from '../../db/seed';
import { SIM_BOT_PERSONA_NAME, SIM_BOT_STEAM_ID } from '../steam/accounts';
import { CATALOG, catalogEntriesNamed, productRarityOf, steamTypeOf, type CatalogEntry } from '../steam/catalog';
import {
  createRng,
  generatedAssetId,
  generatedPersonaName,
  generateItem,
  hash53,
  SOUVENIR_SKINS,
  type Rng,
  type SimItem,
} from '../steam/demoInventory';
import { simIconToken, steamItemName, steamMarketHashName } from '../steam/steamInventoryJson';
import { seedPriceCents, tierOf } from './pricing';

/** Seeded sellers' steamid64s start here (clear of the demo accounts and the ids tests generate). */
export const SEED_SELLER_STEAM_ID_START = 76561198050000001n;
/** Listings per generated seller, on average. */
const LISTINGS_PER_SELLER = 40;
/** A seller's seeded items are numbered from here in their account's asset id range (generated inventories use 1…5000). */
const SELLER_ASSET_NUMBER_START = 100_001;
const HOLDING_SHARE = 0.6;
const FEATURED_COUNT = 12;
const BATCH_SIZE = 10_000;
/** From this many listings on, the load rebuilds the indexes instead of maintaining them row by row. */
const BULK_LOAD_THRESHOLD = 20_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface SeedSeller {
  steamId: string;
  personaName: string;
}

export interface SeedListing {
  sellerSteamId: string;
  sellerAssetid: string;
  /** The item as the bot holds it (its bot asset id is drawn at insert time). */
  item: Omit<SimItem, 'assetid'>;
  name: string;
  marketHashName: string;
  imageUrl: string;
  weaponType: string;
  rarity: Rarity;
  condition: Condition | null;
  priceCents: number;
  status: 'holding' | 'active';
  holdStartTime: Date;
  holdEndTime: Date;
  featured: boolean;
}

/** Share of the market per tier: cheap skins are common, but buyers come for the valuable ones too. */
const TIER_WEIGHTS: ReadonlyArray<readonly [ReturnType<typeof tierOf>, number]> = [
  ['Consumer Grade', 10],
  ['Industrial Grade', 12],
  ['Mil-Spec Grade', 22],
  ['Restricted', 18],
  ['Classified', 12],
  ['Covert', 8],
  ['Knives', 10],
  ['Gloves', 6],
  ['Contraband', 0.05],
];
const TIER_TOTAL = TIER_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
const POOLS = new Map(TIER_WEIGHTS.map(([tier]) => [tier, CATALOG.filter((entry) => tierOf(entry) === tier)]));
const SOUVENIR_ENTRIES = SOUVENIR_SKINS.flatMap((name) => catalogEntriesNamed(name));
const SOUVENIR_SHARE = 0.02;
const STATTRAK_SHARE = 0.2;

function pickEntry(rng: Rng): CatalogEntry {
  let roll = rng.next() * TIER_TOTAL;
  for (const [tier, weight] of TIER_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return rng.pick(POOLS.get(tier)!);
  }
  return rng.pick(POOLS.get('Mil-Spec Grade')!);
}

export function seedSellers(count: number): SeedSeller[] {
  return Array.from({ length: Math.max(1, Math.ceil(count / LISTINGS_PER_SELLER)) }, (_, index) => {
    const steamId = (SEED_SELLER_STEAM_ID_START + BigInt(index)).toString();
    return { steamId, personaName: generatedPersonaName(steamId) };
  });
}

/**
 * `count` listings, deterministic for a given count and `now`. Hold ends are rounded up to the hour,
 * as Steam rounds trade protection.
 */
export function generateSeedListings(p: { count: number; now: Date; holdMs: number; sellers: SeedSeller[] }): SeedListing[] {
  const rng = createRng(`market-seed:${p.count}`);
  const now = p.now.getTime();
  const listings: SeedListing[] = [];
  for (let index = 0; index < p.count; index++) {
    // A few sellers list a lot, most list a little.
    const seller = p.sellers[Math.floor(rng.next() ** 2 * p.sellers.length)]!;
    const souvenir = rng.chance(SOUVENIR_SHARE);
    const entry = souvenir ? rng.pick(SOUVENIR_ENTRIES) : pickEntry(rng);
    const statTrak = !souvenir && entry.stattrak && rng.chance(STATTRAK_SHARE);
    const { assetid: _unused, ...item } = generateItem(rng, entry, { assetid: '0', statTrak, souvenir });
    const holding = rng.chance(HOLDING_SHARE);
    const holdEnd = holding
      ? Math.ceil((now + rng.next() * p.holdMs) / HOUR_MS) * HOUR_MS
      : Math.floor((now - HOUR_MS - rng.next() * 30 * DAY_MS) / HOUR_MS) * HOUR_MS;
    listings.push({
      sellerSteamId: seller.steamId,
      sellerAssetid: generatedAssetId(seller.steamId, SELLER_ASSET_NUMBER_START + index),
      item,
      name: steamItemName(entry, item),
      marketHashName: steamMarketHashName(entry, item),
      imageUrl: `/dev/steam/economy/image/${simIconToken(entry.key)}`,
      weaponType: steamTypeOf(entry),
      rarity: productRarityOf(entry),
      condition: item.exterior,
      priceCents: seedPriceCents(rng, entry, item.exterior, statTrak, souvenir),
      status: holding ? 'holding' : 'active',
      holdStartTime: new Date(holdEnd - p.holdMs),
      holdEndTime: new Date(holdEnd),
      featured: false,
    });
  }
  // Featured: a handful of the valuable ones (knives, gloves, coverts), chosen at random.
  const valuable = listings.filter((listing) => listing.priceCents >= 10_000);
  for (const listing of rng.shuffle(valuable).slice(0, FEATURED_COUNT)) listing.featured = true;
  return listings;
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A seeded seller's deposit reference: the sign-in's format, derived from the steamid (stable). */
function depositReferenceOf(steamId: string): string {
  let value = hash53(steamId, 97);
  let code = 'SM-';
  for (let i = 0; i < 8; i++) {
    code += REFERENCE_ALPHABET[value % REFERENCE_ALPHABET.length];
    value = Math.floor(value / REFERENCE_ALPHABET.length);
  }
  return code;
}

/** Creates the sellers (users with Steam profiles and trade URLs) that do not exist yet; answers steamId → user id. */
async function upsertSellers(manager: EntityManager, sellers: SeedSeller[], publicUrl: string): Promise<Map<string, string>> {
  const steamIds = sellers.map((seller) => seller.steamId);
  await manager.query(
    `INSERT INTO users (steam_id, username, display_name, avatar, profile_url, trade_url, deposit_reference)
     SELECT s.steam_id, s.persona, s.persona, $4 || '/dev/steam/avatars/' || s.steam_id || '.svg',
            'https://steamcommunity.com/profiles/' || s.steam_id,
            'https://steamcommunity.com/tradeoffer/new/?partner=' || s.account_id || '&token=' || s.token,
            s.reference
     FROM unnest($1::text[], $2::text[], $3::text[], $5::text[], $6::text[]) AS s(steam_id, persona, reference, account_id, token)
     ON CONFLICT (steam_id) DO NOTHING`,
    [
      steamIds,
      sellers.map((seller) => seller.personaName),
      steamIds.map(depositReferenceOf),
      publicUrl,
      steamIds.map(accountIdOf),
      steamIds.map((steamId) => (BigInt(steamId) - STEAMID64_BASE).toString(36)),
    ],
  );
  const rows = (await manager.query('SELECT id, steam_id FROM users WHERE steam_id = ANY($1)', [steamIds])) as Array<{ id: string; steam_id: string }>;
  return new Map(rows.map((row) => [row.steam_id, row.id]));
}

/**
 * Runs a bulk load with the tables' secondary indexes dropped and rebuilt afterwards from their own
 * definitions (PostgreSQL's advice for bulk loads: one index build is several times faster than
 * 100,000 index insertions, the trigram index above all). Indexes backing constraints stay. Only
 * used for large seeds: it locks the tables until the seed's transaction commits, which is before
 * the server answers its first request.
 */
async function withoutSecondaryIndexes(manager: EntityManager, tables: string[], work: () => Promise<void>): Promise<void> {
  const indexes = (await manager.query(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  )) as Array<{ indexname: string; indexdef: string }>;
  for (const index of indexes) await manager.query(`DROP INDEX "${index.indexname}"`);
  await work();
  for (const index of indexes) await manager.query(index.indexdef);
}

/** One statement per batch: the bot's items (fresh asset ids from the simulated Steam) and the listings naming them. */
async function insertBatch(manager: EntityManager, botSteamId: string, sellerIds: Map<string, string>, listings: SeedListing[]): Promise<void> {
  const rows = listings.map((listing) => ({
    seller_id: sellerIds.get(listing.sellerSteamId),
    seller_assetid: listing.sellerAssetid,
    item: listing.item,
    name: listing.name,
    market_hash_name: listing.marketHashName,
    image_url: listing.imageUrl,
    weapon_type: listing.weaponType,
    rarity: listing.rarity,
    condition: listing.condition,
    float: listing.item.float,
    paint_seed: listing.item.paintSeed,
    stat_trak: listing.item.statTrak,
    souvenir: listing.item.souvenir,
    price_cents: listing.priceCents,
    fee_cents: Number(feeCents(BigInt(listing.priceCents))),
    status: listing.status,
    featured: listing.featured,
    hold_start_time: listing.holdStartTime.toISOString(),
    hold_end_time: listing.holdEndTime.toISOString(),
  }));
  await manager.query(
    `WITH input AS MATERIALIZED (
       SELECT r.*, nextval('sim_asset_ids')::text AS bot_assetid
       FROM jsonb_to_recordset($1::jsonb) AS r(
         seller_id uuid, seller_assetid text, item jsonb, name text, market_hash_name text, image_url text,
         weapon_type text, rarity text, condition text, float double precision, paint_seed integer,
         stat_trak boolean, souvenir boolean, price_cents bigint, fee_cents bigint, status text, featured boolean,
         hold_start_time timestamptz, hold_end_time timestamptz)
     ),
     bot_items AS (
       INSERT INTO sim_steam_items (assetid, steam_id, item, protected_until)
       SELECT bot_assetid, $2, item || jsonb_build_object('assetid', bot_assetid),
              CASE WHEN status = 'holding' THEN hold_end_time END
       FROM input
     )
     INSERT INTO listings (seller_id, seller_assetid, bot_assetid, bot_contextid, name, market_hash_name, image_url,
       weapon_type, rarity, condition, float, paint_seed, stat_trak, souvenir, price_cents, fee_cents, status, featured,
       hold_start_time, hold_end_time, created_at, updated_at, inspect_link)
     SELECT seller_id, seller_assetid, bot_assetid, CASE WHEN status = 'holding' THEN '16' ELSE '2' END, name, market_hash_name,
       image_url, weapon_type, rarity, condition, float, paint_seed, stat_trak, souvenir, price_cents, fee_cents, status, featured,
       hold_start_time, hold_end_time, hold_start_time, hold_start_time,
       -- The inspect link the bot's inventory gives the item (inspectPayloadOf in steamInventoryJson.ts).
       CASE WHEN float IS NOT NULL
         THEN 'steam://run/730//+csgo_econ_action_preview%20' || upper(encode(sha256(convert_to('inspect:' || bot_assetid, 'UTF8')), 'hex')) END
     FROM input`,
    [JSON.stringify(rows), botSteamId],
  );
}

/**
 * Writes the listings and the bot's items behind them: each item gets a fresh bot asset id (the
 * simulated Steam's `sim_asset_ids`, as a received item would), is trade-protected until the
 * listing's hold end while holding (inventory context 16), and the listing names it as `bot_assetid`.
 */
export async function insertSeedListings(
  manager: EntityManager,
  p: { botSteamId: string; sellers: SeedSeller[]; listings: SeedListing[]; publicUrl: string },
): Promise<void> {
  const sellerIds = await upsertSellers(manager, p.sellers, p.publicUrl);
  const insertAll = async () => {
    for (let start = 0; start < p.listings.length; start += BATCH_SIZE) {
      await insertBatch(manager, p.botSteamId, sellerIds, p.listings.slice(start, start + BATCH_SIZE));
    }
  };
  if (p.listings.length >= BULK_LOAD_THRESHOLD) await withoutSecondaryIndexes(manager, ['listings', 'sim_steam_items'], insertAll);
  else await insertAll();
  // Fresh statistics, so the catalogue's first queries already get index plans.
  await manager.query('ANALYZE listings');
}

/** The seeder registered in demoSeeders: SEED_LISTINGS listings (0 skips). */
export const marketListingsSeeder: Seeder = {
  name: 'demo-market-listings',
  async run(manager, { config, logger }) {
    const count = config.seedListings;
    if (count === 0) return;
    const started = performance.now();
    // The bot's account starts empty (as ensureAccount creates it); the seed fills its inventory.
    await manager.query('INSERT INTO sim_steam_accounts (steam_id, persona_name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      SIM_BOT_STEAM_ID,
      SIM_BOT_PERSONA_NAME,
    ]);
    const sellers = seedSellers(count);
    const listings = generateSeedListings({ count, now: new Date(), holdMs: config.tradeHoldMs, sellers });
    await insertSeedListings(manager, { botSteamId: SIM_BOT_STEAM_ID, sellers, listings, publicUrl: config.publicUrl });
    logger.info({ listings: count, sellers: sellers.length, ms: Math.round(performance.now() - started) }, 'demo market seeded');
  },
};
