import { type DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Condition } from '../../../shared/constants';
import { type SkinsPage } from '../../../shared/schemas/market';
import { tradeUrlBelongsTo } from '../../../shared/steam';
import { loadConfig } from '../../config';
import { createDataSource } from '../../db/dataSource';
import { runSeeders } from '../../db/seed';
import { createLogger } from '../../logger';
import { cloneDatabase } from '../../test/database';
import { buildListing, uniqueToken } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';
import { inventoryPageOf, SIM_BOT_STEAM_ID } from '../steam/accounts';
import { productRarityOf, requireCatalogEntry, steamTypeOf, wearFloatRange } from '../steam/catalog';
import { type SimItem } from '../steam/demoInventory';
import { inspectPayloadOf, steamItemName } from '../steam/steamInventoryJson';
import { marketListingsSeeder, marketListingsSeederWith, SEED_SELLER_STEAM_ID_START } from './marketListings';
import { priceBounds } from './pricing';

const COUNT = 300;
const HOLD_MS = 7 * 24 * 3_600_000;

interface Row {
  id: string;
  name: string;
  market_hash_name: string;
  weapon_type: string;
  rarity: string;
  condition: Condition | null;
  float: number | null;
  paint_seed: number | null;
  inspect_link: string | null;
  stat_trak: boolean;
  souvenir: boolean;
  price_cents: number;
  fee_cents: number;
  status: string;
  featured: boolean;
  sold_at: Date | null;
  bot_assetid: string;
  bot_contextid: string;
  seller_id: string;
  hold_start_time: Date;
  hold_end_time: Date;
  created_at: Date;
  updated_at: Date;
  item: SimItem | null;
  owner: string | null;
  protected_until: Date | null;
  seller_steam_id: string;
  trade_url: string;
}

/** What two seeds of the same size write alike, however they load: all but the fresh ids and the times, which follow the clock. */
const timeless = (rows: Row[]) =>
  rows
    .map(({ id: _id, seller_id: _seller, hold_start_time: _start, hold_end_time: _end, created_at: _created, updated_at: _updated, protected_until: until, ...row }) => ({
      ...row,
      protected: until !== null,
    }))
    .sort((a, b) => a.bot_assetid.localeCompare(b.bot_assetid));
/** The rows the first seed wrote, to compare the next one's with. */
let reference: ReturnType<typeof timeless> | undefined;

/** The two tables' indexes and constraints. */
const structures = async (dataSource: DataSource) => [
  ...((await dataSource.query(`SELECT indexdef FROM pg_indexes WHERE tablename IN ('listings', 'sim_steam_items') ORDER BY 1`)) as unknown[]),
  ...((await dataSource.query(
    `SELECT conname, pg_get_constraintdef(oid), convalidated FROM pg_constraint WHERE conrelid IN ('listings'::regclass, 'sim_steam_items'::regclass) ORDER BY 1`,
  )) as unknown[]),
];

describe.each([
  { load: 'row by row', seeder: marketListingsSeeder, frozen: false },
  // A probe of 30 rows, then three COPY chunks, with the indexes and foreign keys dropped and rebuilt.
  { load: 'in bulk', seeder: marketListingsSeederWith({ bulkLoadFrom: 1, copyChunkRows: 100 }), frozen: true },
])('the demo market seed, loading $load', ({ seeder, frozen }) => {
  // Exact counts need a database of the test's own.
  let database: { url: string; drop(): Promise<void> };
  let app: TestApp;
  let seededAt: number;
  let migrated: unknown[];
  beforeAll(async () => {
    database = await cloneDatabase();
    app = await startTestApp({ databaseUrl: database.url, env: { DATABASE_URL: database.url } });
    migrated = await structures(app.services.dataSource);
    seededAt = Date.now();
    const config = loadConfig({ DATABASE_URL: database.url, SEED_LISTINGS: String(COUNT), SESSION_KEYS: 'x'.repeat(40) });
    expect(await runSeeders(app.services.dataSource, [seeder], { config, logger: createLogger('silent') })).toEqual(['demo-market-listings']);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const rows = () =>
    app.services.dataSource.query(
      `SELECT l.*, l.price_cents::int AS price_cents, l.fee_cents::int AS fee_cents, i.item, i.steam_id AS owner, i.protected_until,
              u.steam_id AS seller_steam_id, u.trade_url
       FROM listings l JOIN users u ON u.id = l.seller_id LEFT JOIN sim_steam_items i ON i.assetid = l.bot_assetid`,
    ) as Promise<Row[]>;

  it('creates SEED_LISTINGS available listings from generated sellers with saved trade URLs', async () => {
    const listings = await rows();
    expect(listings).toHaveLength(COUNT);
    const sellers = new Set(listings.map((row) => row.seller_steam_id));
    expect(sellers.size).toBeGreaterThan(1);
    for (const row of listings) {
      expect(BigInt(row.seller_steam_id)).toBeGreaterThanOrEqual(SEED_SELLER_STEAM_ID_START);
      expect(tradeUrlBelongsTo(row.trade_url, row.seller_steam_id)).toBe(true);
      expect(row.sold_at).toBeNull();
    }
  });

  it('gives each listing a real catalogue item: name, type, rarity, a float inside the finish and wear, a sensible price', async () => {
    for (const row of await rows()) {
      const item = row.item!;
      const entry = requireCatalogEntry(item.catalogKey);
      expect(row.name).toBe(steamItemName(entry, item));
      expect(row.market_hash_name).toBe(row.condition ? `${row.name} (${row.condition})` : row.name);
      expect(row.weapon_type).toBe(steamTypeOf(entry));
      expect(row.rarity).toBe(productRarityOf(entry));
      expect([row.condition, row.float, row.paint_seed, row.stat_trak, row.souvenir]).toEqual([item.exterior, item.float, item.paintSeed, item.statTrak, item.souvenir]);
      if (row.condition) {
        const [low, high] = wearFloatRange(entry, row.condition)!;
        expect(row.float!).toBeGreaterThanOrEqual(low);
        expect(row.float!).toBeLessThan(high);
        expect(row.paint_seed!).toBeGreaterThanOrEqual(0);
        expect(row.paint_seed!).toBeLessThanOrEqual(1000);
      }
      if (row.stat_trak) expect(entry.stattrak).toBe(true);
      expect(row.stat_trak && row.souvenir).toBe(false);
      const [min, max] = priceBounds(entry, row.condition, row.stat_trak, row.souvenir);
      expect(row.price_cents, row.name).toBeGreaterThanOrEqual(min);
      expect(row.price_cents, row.name).toBeLessThanOrEqual(max);
      expect(row.fee_cents).toBe(Math.floor((row.price_cents * 3 + 50) / 100));
    }
  });

  it('prices by tier and wear: knives above mil-spec, covert above restricted, every tier present', async () => {
    const listings = await rows();
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const priceOf = (keep: (row: Row) => boolean) => median(listings.filter(keep).map((row) => row.price_cents));
    expect(priceOf((row) => row.weapon_type === 'Knife')).toBeGreaterThan(10 * priceOf((row) => row.rarity === 'mil-spec'));
    expect(priceOf((row) => row.rarity === 'covert')).toBeGreaterThan(priceOf((row) => row.rarity === 'restricted'));
    expect(new Set(listings.map((row) => row.rarity)).size).toBeGreaterThanOrEqual(6);
    expect(listings.some((row) => row.stat_trak)).toBe(true);
  });

  it('mixes listings in their hold (ends over the coming week) with active ones, and features a few valuable ones', async () => {
    const listings = await rows();
    const holding = listings.filter((row) => row.status === 'holding');
    const active = listings.filter((row) => row.status === 'active');
    expect(holding.length + active.length).toBe(COUNT);
    expect(holding.length / COUNT).toBeGreaterThan(0.45);
    expect(active.length / COUNT).toBeGreaterThan(0.25);
    for (const row of listings) expect(row.hold_end_time.getTime() - row.hold_start_time.getTime()).toBe(HOLD_MS);
    for (const row of holding) {
      expect(row.hold_end_time.getTime()).toBeGreaterThan(seededAt - 1000);
      expect(row.hold_end_time.getTime()).toBeLessThanOrEqual(seededAt + HOLD_MS + 3_600_000);
    }
    for (const row of active) expect(row.hold_end_time.getTime()).toBeLessThan(seededAt);
    const featured = listings.filter((row) => row.featured);
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.length).toBeLessThanOrEqual(12);
    for (const row of featured) expect(row.price_cents).toBeGreaterThanOrEqual(10_000);
  });

  it("puts every listed item in the simulated bot's inventory: trade-protected (context 16) while holding, tradable after", async () => {
    const listings = await rows();
    for (const row of listings) {
      expect(row.owner).toBe(SIM_BOT_STEAM_ID);
      expect(row.item!.assetid).toBe(row.bot_assetid);
      // The same inspect link the bot's inventory gives the item (asset property 6).
      expect(row.inspect_link).toBe(row.float === null ? null : `steam://run/730//+csgo_econ_action_preview%20${inspectPayloadOf(row.bot_assetid)}`);
      if (row.status === 'holding') {
        expect(row.protected_until).toEqual(row.hold_end_time);
        expect(row.bot_contextid).toBe('16');
      } else {
        expect(row.protected_until).toBeNull();
        expect(row.bot_contextid).toBe('2');
      }
    }
    const { dataSource } = app.services;
    const contextOf = async (contextId: '2' | '16') =>
      new Set((await inventoryPageOf(dataSource, SIM_BOT_STEAM_ID, contextId, { count: COUNT })).items.map((item) => item.assetid));
    const tradable = await contextOf('2');
    const protectedItems = await contextOf('16');
    for (const row of listings) expect((row.status === 'active' ? tradable : protectedItems).has(row.bot_assetid)).toBe(true);
  });

  it('leaves the indexes and foreign keys as the migrations made them', async () => {
    expect(await structures(app.services.dataSource)).toEqual(migrated);
  });

  it.runIf(frozen)('writes the rows of a bulk load frozen: the pages all-visible from the start, for index-only scans', async () => {
    const [{ pages, visible }] = (await app.services.dataSource.query(
      `SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE relname = 'listings'`,
    )) as [{ pages: number; visible: number }];
    expect(pages).toBeGreaterThan(0);
    // As the seed's ANALYZE counted them: only COPY … FREEZE sets pages all-visible inside a
    // transaction (the featured listings' update clears some again).
    expect(visible).toBeGreaterThan(0);
  });

  it('writes the same listings and bot items either way', async () => {
    const written = timeless(await rows());
    expect(await app.services.dataSource.query('SELECT count(*)::int AS count FROM sim_steam_items')).toEqual([{ count: COUNT }]);
    reference ??= written;
    expect(written).toEqual(reference);
  });

  it('fills the catalogue, its search included, and runs once per database', async () => {
    const client = app.client();
    const page = await client.get<SkinsPage>('/api/skins');
    expect(page.body.items).toHaveLength(18);
    // Part of a finish's name, in other letter case: a substring search.
    const part = (await rows()).map((row) => row.name.split(' | ')[1] ?? '').find((finish) => finish.length >= 6)!.slice(1, 6);
    const found = await client.get<SkinsPage>(`/api/skins?search=${encodeURIComponent(part.toUpperCase())}`);
    expect(found.body.items.length).toBeGreaterThan(0);
    for (const item of found.body.items) expect(item.name.toLowerCase()).toContain(part.toLowerCase());
    const config = loadConfig({ DATABASE_URL: database.url, SEED_LISTINGS: String(COUNT), SESSION_KEYS: 'x'.repeat(40) });
    expect(await runSeeders(app.services.dataSource, [seeder], { config, logger: createLogger('silent') })).toEqual([]);
    expect(await rows()).toHaveLength(COUNT);
  });

  it('SEED_LISTINGS=0 seeds nothing', async () => {
    const config = loadConfig({ DATABASE_URL: database.url, SEED_LISTINGS: '0', SESSION_KEYS: 'x'.repeat(40) });
    await app.services.dataSource.transaction((manager) => seeder.run(manager, { config, logger: createLogger('silent') }));
    expect(await rows()).toHaveLength(COUNT);
  });
});

describe('a bulk load into tables that already hold rows', () => {
  it('keeps them (nothing truncated) and brings the indexes and foreign keys back', async () => {
    const database = await cloneDatabase();
    const dataSource = createDataSource(database.url, { poolSize: 2 });
    try {
      await dataSource.initialize();
      const token = uniqueToken();
      const existing = await buildListing(dataSource, { token });
      const migrated = await structures(dataSource);
      const config = loadConfig({ DATABASE_URL: database.url, SEED_LISTINGS: '100', SESSION_KEYS: 'x'.repeat(40) });
      const seeder = marketListingsSeederWith({ bulkLoadFrom: 1, copyChunkRows: 40 });
      expect(await runSeeders(dataSource, [seeder], { config, logger: createLogger('silent') })).toEqual(['demo-market-listings']);
      expect(await dataSource.query('SELECT count(*)::int AS count FROM listings')).toEqual([{ count: 101 }]);
      expect(await dataSource.query('SELECT count(*)::int AS count FROM sim_steam_items')).toEqual([{ count: 101 }]);
      expect(await dataSource.query('SELECT name FROM listings WHERE id = $1', [existing.id])).toEqual([{ name: existing.name }]);
      expect(await structures(dataSource)).toEqual(migrated);
    } finally {
      await dataSource.destroy();
      await database.drop();
    }
  });
});
