/**
 * The demo's sales history (./salesHistory.ts) on a database of the test's own: SALES_DAYS days of
 * sales for every name listed, a few a day at most, around the name's listing price, floats in the
 * exterior's range, nothing in the future; the same listings give the same sales; the indexes and
 * the foreign key come back after the bulk load; and the price history reads them.
 */
import { type DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONDITION_FLOAT_RANGES, type Condition } from '../../../shared/constants';
import { loadConfig } from '../../config';
import { createDataSource } from '../../db/dataSource';
import { runSeeders } from '../../db/seed';
import { createLogger } from '../../logger';
import { cloneDatabase } from '../../test/database';
import { marketListingsSeeder } from './marketListings';
import { SALES_DAYS, salesHistorySeeder } from './salesHistory';

const DAY_MS = 24 * 3_600_000;

const structures = async (dataSource: DataSource) => [
  ...((await dataSource.query(`SELECT indexdef FROM pg_indexes WHERE tablename = 'sales' ORDER BY 1`)) as unknown[]),
  ...((await dataSource.query(`SELECT conname, pg_get_constraintdef(oid), convalidated FROM pg_constraint WHERE conrelid = 'sales'::regclass ORDER BY 1`)) as unknown[]),
];

interface SaleRow {
  market_hash_name: string;
  exterior: Condition | null;
  float: number | null;
  price_cents: string;
  sold_at: Date;
  order_item_id: string | null;
}

describe('the demo sales history', () => {
  let database: { url: string; drop(): Promise<void> };
  let dataSource: DataSource;
  let migrated: unknown[];
  let seededAt: number;
  beforeAll(async () => {
    database = await cloneDatabase();
    dataSource = createDataSource(database.url, { poolSize: 2 });
    await dataSource.initialize();
    migrated = await structures(dataSource);
    const config = loadConfig({ DATABASE_URL: database.url, SEED_LISTINGS: '150', SESSION_KEYS: 'x'.repeat(40) });
    seededAt = Date.now();
    expect(await runSeeders(dataSource, [marketListingsSeeder, salesHistorySeeder], { config, logger: createLogger('silent') })).toEqual([
      'demo-market-listings',
      'demo-sales-history',
    ]);
  });
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  it('gives every listed name a few sales a day around its listing price, over the whole period', async () => {
    const sales = (await dataSource.query('SELECT * FROM sales')) as SaleRow[];
    const listings = (await dataSource.query('SELECT market_hash_name, condition, price_cents::int AS price FROM listings')) as Array<{
      market_hash_name: string;
      condition: Condition | null;
      price: number;
    }>;
    const byName = new Map<string, typeof listings>();
    for (const listing of listings) byName.set(listing.market_hash_name, [...(byName.get(listing.market_hash_name) ?? []), listing]);
    const names = new Set(byName.keys());
    expect(new Set(sales.map((sale) => sale.market_hash_name))).toEqual(names);
    // Up to 4 a day: at most 4 × SALES_DAYS a name, and on average a sale every other day at least.
    expect(sales.length).toBeGreaterThan(names.size * SALES_DAYS * 0.5);
    expect(sales.length).toBeLessThanOrEqual(names.size * SALES_DAYS * 4);

    // Each sale checked; the ones that break a rule are listed (one expect per rule keeps this quick).
    const breaking = (rule: (sale: SaleRow, listed: Array<{ condition: Condition | null; price: number }>) => boolean) =>
      sales.filter((sale) => !rule(sale, byName.get(sale.market_hash_name)!));
    expect(breaking((sale) => sale.order_item_id === null)).toEqual([]);
    expect(breaking((sale) => sale.sold_at.getTime() <= Date.now() && sale.sold_at.getTime() > seededAt - SALES_DAYS * DAY_MS - 1000)).toEqual([]);
    // Within the drift (a wave of at most 10 % each way, a trend of at most 15 %) and the scatter (6 %) around the listings' prices.
    expect(
      breaking((sale, listed) => {
        const prices = listed.map((listing) => listing.price);
        return Number(sale.price_cents) >= Math.floor(Math.min(...prices) * 0.6) && Number(sale.price_cents) <= Math.ceil(Math.max(...prices) * 1.45);
      }),
    ).toEqual([]);
    expect(breaking((sale, listed) => sale.exterior === listed[0]!.condition)).toEqual([]);
    expect(
      breaking((sale) => {
        if (sale.float === null) return true;
        const [low, high] = CONDITION_FLOAT_RANGES[sale.exterior!];
        return sale.float >= low && sale.float < high;
      }),
    ).toEqual([]);
    const days = new Set(sales.map((sale) => Math.floor((seededAt - sale.sold_at.getTime()) / DAY_MS)));
    expect(Math.min(...days)).toBe(0);
    expect(Math.max(...days)).toBe(SALES_DAYS - 1);
  });

  it('is the same for the same listings on the same day, and leaves the indexes and foreign key as migrated', async () => {
    expect(await structures(dataSource)).toEqual(migrated);
    const [first] = (await dataSource.query(`SELECT count(*)::int AS count, sum(price_cents)::text AS total FROM sales`)) as [{ count: number; total: string }];
    await dataSource.transaction(async (manager) => {
      await manager.query('DELETE FROM sales');
      await salesHistorySeeder.run(manager, { config: loadConfig({ DATABASE_URL: database.url, SESSION_KEYS: 'x'.repeat(40) }), logger: createLogger('silent') });
    });
    // Prices depend on the name and the day alone; the moments move with the clock, the prices do not.
    expect(await dataSource.query(`SELECT count(*)::int AS count, sum(price_cents)::text AS total FROM sales`)).toEqual([first]);
    expect(await structures(dataSource)).toEqual(migrated);
  });
});
