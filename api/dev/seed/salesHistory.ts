/**
 * The demo market's past: SALES_DAYS days of sales of every item listed (by market hash name), so
 * an item's price history has something to show on first start (docs/adr/0075-sales-history.md).
 * Runs after the listings' seed, from whatever listings the database holds.
 *
 * Each name's sales scatter around its median listing price, which drifts slowly over the period
 * (a slow wave and a trend, both different per name) and lands on today's price. Cheap items sell
 * more often than dear ones: up to 4 a day under $10, 2 under $100, 1 above, none on some days.
 * Floats fall inside the exterior's range (null for items without wear).
 *
 * The randomness is PostgreSQL's hash of the name, mixed with the day and the sale's number, so a
 * seed of the same listings on the same day gives the same sales. INSERT … SELECT over
 * generate_series writes them, no row passing through JavaScript, as a bulk load (./bulkLoad.ts):
 * the first names' sales with the indexes in place, the rest with the name index dropped and
 * rebuilt after.
 */
import { type EntityManager } from 'typeorm';
import { CONDITION_FLOAT_RANGES } from '../../../shared/constants';
import { type Seeder } from '../../db/seed';
import { bulkLoad, timed, type Phases } from './bulkLoad';

export const SALES_DAYS = 90;
/** Names whose sales the bulk load's probe writes with every index in place. */
const PROBE_NAMES = 10;

/** A uniform number in [0, 1) drawn from a bigint SQL expression and a salt (integer hashing: no text is built per row). */
const uniform = (key: string, salt: number) => `((hashint8extended(${key}, ${salt}) & 2147483647)::float8 / 2147483648)`;

/**
 * The sales of the names after $3 up to $4 (each null: no bound). $1: now; $2: the exteriors'
 * float ranges (JSON). Per name (`n`, worked out once): its hash, median listing price, the wave's
 * amplitude (4-10 %), period (40-120 days) and phase, and the trend (the price SALES_DAYS ago, up to
 * 15 % off today's). Per day (`d.t` days ago): how many sold. Per sale (`s.i`): ±6 % around the
 * day's price, a float in the exterior's range, a moment in that day.
 */
const INSERT_SALES = `
  WITH names AS MATERIALIZED (
    SELECT l.name, l.exterior, l.has_float, l.base, l.h,
      coalesce(($2::jsonb -> l.exterior ->> 0)::float8, 0) AS float_low,
      coalesce(($2::jsonb -> l.exterior ->> 1)::float8, 0) AS float_high,
      0.04 + 0.06 * ${uniform('l.h', 10)} AS amplitude,
      2 * pi() / (40 + 80 * ${uniform('l.h', 11)}) AS omega,
      2 * pi() * ${uniform('l.h', 12)} AS phase,
      0.3 * ${uniform('l.h', 13)} - 0.15 AS trend,
      CASE WHEN l.base < 1000 THEN 4 WHEN l.base < 10000 THEN 2 ELSE 1 END AS most_a_day
    FROM (
      SELECT market_hash_name AS name, min(condition) AS exterior, bool_or(float IS NOT NULL) AS has_float,
        percentile_disc(0.5) WITHIN GROUP (ORDER BY price_cents) AS base, hashtextextended(market_hash_name, 0) AS h
      FROM listings
      WHERE ($3::text IS NULL OR market_hash_name > $3) AND ($4::text IS NULL OR market_hash_name <= $4)
      GROUP BY market_hash_name
    ) AS l
  )
  INSERT INTO sales (market_hash_name, exterior, float, price_cents, sold_at)
  SELECT n.name, n.exterior,
    CASE WHEN n.has_float THEN n.float_low + (n.float_high - n.float_low) * ${uniform('n.h # (d.t * 8 + s.i)', 3)} END,
    greatest(1, least(10000000, round(
      n.base * (1 + n.amplitude * (sin(n.phase + d.t * n.omega) - sin(n.phase)) + n.trend * d.t / ${SALES_DAYS - 1})
      * (0.94 + 0.12 * ${uniform('n.h # (d.t * 8 + s.i)', 4)}))))::bigint,
    $1::timestamptz - make_interval(days => d.t) - ${uniform('n.h # (d.t * 8 + s.i)', 5)} * interval '1 day'
  FROM names AS n
  CROSS JOIN generate_series(0, ${SALES_DAYS - 1}) AS d(t)
  CROSS JOIN LATERAL generate_series(1, floor(${uniform('n.h # d.t', 2)} * (n.most_a_day + 1))::int) AS s(i)`;

function insertSales(manager: EntityManager, now: Date, after: string | null, upTo: string | null) {
  return manager.query(INSERT_SALES, [now, JSON.stringify(CONDITION_FLOAT_RANGES), after, upTo]);
}

export const salesHistorySeeder: Seeder = {
  name: 'demo-sales-history',
  async run(manager, { logger }) {
    const started = performance.now();
    const phases: Phases = {};
    const now = new Date();
    const [probeEnd] = (await manager.query('SELECT DISTINCT market_hash_name AS name FROM listings ORDER BY 1 OFFSET $1 LIMIT 1', [PROBE_NAMES - 1])) as Array<{
      name: string;
    }>;
    await bulkLoad(manager, {
      tables: ['sales'],
      phases,
      probe: async () => void (await insertSales(manager, now, null, probeEnd?.name ?? null)),
      load: () => timed(phases, 'insert', async () => void (probeEnd ? await insertSales(manager, now, probeEnd.name, null) : undefined)),
    });
    await timed(phases, 'analyze', () => manager.query('ANALYZE sales'));
    const [{ sales }] = (await manager.query('SELECT count(*)::int AS sales FROM sales')) as [{ sales: number }];
    logger.info({ sales, phases, ms: Math.round(performance.now() - started) }, 'demo sales history seeded');
  },
};
