/**
 * The demo market: SEED_LISTINGS listings from generated seller accounts, so the market is full on
 * first start. Items are real CS2 finishes from the catalogue with floats inside each finish's
 * range, paint seeds, StatTrak™ and Souvenir variants, priced by ./pricing.ts. Like a real deposit,
 * each listed item really sits in the simulated bot's inventory (`sim_steam_items`, trade-protected
 * until the hold ends) under the asset id the listing names, so a bought seeded item can be
 * delivered. About 60 % are still in their hold (ends spread over the coming hold period), the rest
 * `active`; a few valuable ones are featured.
 *
 * The listings are generated one at a time and streamed into both tables with COPY in binary
 * format (./listingRows.ts), a chunk of rows per statement, the next chunk generated while
 * PostgreSQL takes the last (two processes on two cores); the process holds two chunks at most. A
 * large seed loads in bulk (./bulkLoad.ts). Each phase's duration is logged with `demo market
 * seeded` ('generate', the rows' generation, runs during 'probe' and 'copy').
 */
import { type PoolClient } from 'pg';
import { type EntityManager } from 'typeorm';
import { type Rarity } from '../../../shared/constants';
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
} from '../steam/demoInventory';
import { simIconToken, steamItemName, steamMarketHashName } from '../steam/steamInventoryJson';
import { bulkLoad, timed, type Phases } from './bulkLoad';
import { copyChunks, RisingUuids, type CopyTarget, type SeedListing } from './listingRows';
import { seedPriceCents, tierOf } from './pricing';

/** Seeded sellers' steamid64s start here (clear of the demo accounts and the ids tests generate). */
export const SEED_SELLER_STEAM_ID_START = 76561198050000001n;
/** Listings per generated seller, on average. */
const LISTINGS_PER_SELLER = 40;
/** A seller's seeded items are numbered from here in their account's asset id range (generated inventories use 1…5000). */
const SELLER_ASSET_NUMBER_START = 100_001;
const HOLDING_SHARE = 0.6;
const FEATURED_COUNT = 12;
/** Featured listings are picked among those at this price and above. */
const FEATURED_MIN_CENTS = 10_000;
/** From this many listings on, the seed loads in bulk (./bulkLoad.ts): rebuilding indexes beats maintaining them row by row. */
const BULK_LOAD_THRESHOLD = 20_000;
/** A bulk load's first rows, written with every index in place to tell which indexes its rows enter (at most a tenth of them). */
const PROBE_ROWS = 1_000;
/** Listings per COPY statement: each statement stays far inside the pool's statement and read timeouts. */
const COPY_CHUNK_ROWS = 25_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface SeedSeller {
  steamId: string;
  personaName: string;
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

/** What depends on the catalogue entry alone, worked out once per entry instead of once per listing. */
interface EntryFacts {
  imageUrl: string;
  weaponType: string;
  rarity: Rarity;
}
const entryFacts = new Map<CatalogEntry, EntryFacts>();
function factsOf(entry: CatalogEntry): EntryFacts {
  let facts = entryFacts.get(entry);
  if (!facts) {
    facts = { imageUrl: `/dev/steam/economy/image/${simIconToken(entry.key)}`, weaponType: steamTypeOf(entry), rarity: productRarityOf(entry) };
    entryFacts.set(entry, facts);
  }
  return facts;
}

/** A seed's listings, generated one at a time; which are featured is known once all were generated. */
interface SeedListingSource {
  /** The listings in order, none featured yet. Iterable once. */
  listings: Iterable<SeedListing>;
  /** The indexes of the featured listings: a handful of the valuable ones; only after `listings` ran out. */
  featuredIndexes(): number[];
}

/**
 * `count` listings, deterministic for a given count and `now`. Hold ends are rounded up to the hour,
 * as Steam rounds trade protection.
 */
function seedListingSource(p: { count: number; now: Date; holdMs: number; sellers: SeedSeller[] }): SeedListingSource {
  const rng = createRng(`market-seed:${p.count}`);
  const now = p.now.getTime();
  const valuable: number[] = [];
  let generated = 0;
  function* listings(): Generator<SeedListing> {
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
      const priceCents = seedPriceCents(rng, entry, item.exterior, statTrak, souvenir);
      if (priceCents >= FEATURED_MIN_CENTS) valuable.push(index);
      generated = index + 1;
      yield {
        sellerSteamId: seller.steamId,
        sellerAssetid: generatedAssetId(seller.steamId, SELLER_ASSET_NUMBER_START + index),
        item,
        name: steamItemName(entry, item),
        marketHashName: steamMarketHashName(entry, item),
        ...factsOf(entry),
        condition: item.exterior,
        priceCents,
        status: holding ? 'holding' : 'active',
        holdStartTime: new Date(holdEnd - p.holdMs),
        holdEndTime: new Date(holdEnd),
        featured: false,
      };
    }
  }
  return {
    listings: listings(),
    featuredIndexes() {
      if (generated < p.count) throw new Error('featured listings are chosen once all were generated');
      // Featured: a handful of the valuable ones (knives, gloves, coverts), chosen at random.
      return rng.shuffle(valuable).slice(0, FEATURED_COUNT);
    },
  };
}

/** All of a seed's listings at once (tests' fixtures; the seed itself streams them). */
export function generateSeedListings(p: { count: number; now: Date; holdMs: number; sellers: SeedSeller[] }): SeedListing[] {
  const source = seedListingSource(p);
  const listings = [...source.listings];
  for (const index of source.featuredIndexes()) listings[index]!.featured = true;
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
 * The bot asset ids of `count` new items, from the simulated Steam's `sim_asset_ids`, as a received
 * item would get. A bulk load takes one block with a single setval: sound only while nothing else
 * draws from the sequence, which holds for the first start's seed (the bot and the API start after
 * it). Otherwise one nextval per item, as concurrent trades may draw ids in between.
 */
async function reserveBotAssetIds(manager: EntityManager, count: number, bulk: boolean): Promise<(index: number) => string> {
  if (bulk) {
    const [{ first }] = (await manager.query(`SELECT setval('sim_asset_ids', nextval('sim_asset_ids') + $1 - 1) - $1 + 1 AS first`, [count])) as [
      { first: string },
    ];
    const base = BigInt(first);
    return (index) => (base + BigInt(index)).toString();
  }
  const rows = (await manager.query(`SELECT nextval('sim_asset_ids')::text AS id FROM generate_series(1, $1)`, [count])) as Array<{ id: string }>;
  return (index) => rows[index]!.id;
}

/** The connection of the manager's transaction, for COPY (TypeORM has no API for it). */
async function transactionClient(manager: EntityManager): Promise<PoolClient> {
  if (!manager.queryRunner?.isTransactionActive) throw new Error('the seed writes inside its transaction');
  return (await manager.queryRunner.connect()) as PoolClient;
}

/**
 * Writes the listings and the bot's items behind them: each item gets a fresh bot asset id (the
 * simulated Steam's `sim_asset_ids`, as a received item would), is trade-protected until the
 * listing's hold end while holding (inventory context 16), and the listing names it as `bot_assetid`.
 * A bulk load goes through bulkLoad. Answers each listing's id by its index.
 */
async function writeSeedListings(
  manager: EntityManager,
  p: {
    botSteamId: string;
    sellers: SeedSeller[];
    publicUrl: string;
    count: number;
    listings: Iterable<SeedListing>;
    bulk: boolean;
    phases: Phases;
    chunkRows?: number;
  },
): Promise<(index: number) => string> {
  const { phases } = p;
  const listingIds = new RisingUuids(Date.now());
  const userIds = await timed(phases, 'sellers', () => upsertSellers(manager, p.sellers, p.publicUrl));
  const client = await transactionClient(manager);
  const target: CopyTarget = {
    botSteamId: p.botSteamId,
    sellerIds: new Map([...userIds].map(([steamId, id]) => [steamId, Buffer.from(id.replaceAll('-', ''), 'hex')])),
    botAssetId: await reserveBotAssetIds(manager, p.count, p.bulk),
    listingIds,
    written: 0,
    chunkRows: p.chunkRows ?? COPY_CHUNK_ROWS,
  };
  const listings = p.listings[Symbol.iterator]();
  if (p.bulk) {
    await bulkLoad(manager, {
      tables: ['listings', 'sim_steam_items'],
      phases,
      probe: (freeze) => copyChunks(client, target, listings, { limit: Math.min(PROBE_ROWS, Math.ceil(p.count / 10)), freeze, phases }),
      load: (freeze) => timed(phases, 'copy', () => copyChunks(client, target, listings, { limit: Infinity, freeze, phases })),
    });
  } else {
    await copyChunks(client, target, listings, { limit: p.count, freeze: false, phases });
  }
  return (index) => listingIds.text(index);
}

/** Inserts listings made by generateSeedListings (tests' fixtures), with the tables' indexes in place. */
export async function insertSeedListings(
  manager: EntityManager,
  p: { botSteamId: string; sellers: SeedSeller[]; listings: SeedListing[]; publicUrl: string },
): Promise<void> {
  await writeSeedListings(manager, { ...p, count: p.listings.length, bulk: false, phases: {} });
}

/**
 * The seeder registered in demoSeeders: SEED_LISTINGS listings (0 skips); from `bulkLoadFrom`
 * listings on, a bulk load. Tests take a bulk load of a few rows in small COPY chunks.
 */
export function marketListingsSeederWith(options: { bulkLoadFrom: number; copyChunkRows?: number }): Seeder {
  return {
    name: 'demo-market-listings',
    async run(manager, { config, logger }) {
      const count = config.seedListings;
      if (count === 0) return;
      const started = performance.now();
      const phases: Phases = {};
      // The bot's account starts empty (as ensureAccount creates it); the seed fills its inventory.
      await manager.query('INSERT INTO sim_steam_accounts (steam_id, persona_name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        SIM_BOT_STEAM_ID,
        SIM_BOT_PERSONA_NAME,
      ]);
      const sellers = seedSellers(count);
      const source = seedListingSource({ count, now: new Date(), holdMs: config.tradeHoldMs, sellers });
      const listingId = await writeSeedListings(manager, {
        botSteamId: SIM_BOT_STEAM_ID,
        sellers,
        publicUrl: config.publicUrl,
        count,
        listings: source.listings,
        bulk: count >= options.bulkLoadFrom,
        phases,
        chunkRows: options.copyChunkRows,
      });
      await timed(phases, 'feature', () =>
        manager.query('UPDATE listings SET featured = true WHERE id = ANY($1::uuid[])', [source.featuredIndexes().map(listingId)]),
      );
      // Fresh statistics, so the catalogue's first queries already get index plans.
      await timed(phases, 'analyze', () => manager.query('ANALYZE listings'));
      logger.info({ listings: count, sellers: sellers.length, phases, ms: Math.round(performance.now() - started) }, 'demo market seeded');
    },
  };
}

export const marketListingsSeeder: Seeder = marketListingsSeederWith({ bulkLoadFrom: BULK_LOAD_THRESHOLD });
