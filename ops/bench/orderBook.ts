/**
 * Buy orders at the benchmark's scale (docs/adr/0077-buy-orders.md): 10,000 open bids over the
 * 1,000 names with the most listings on sale (10 a name, priced from 70 % to 102 % of the name's
 * median listing, a fifth of them with a max float), then
 * - an item's public book (GET /api/items/:name/buy-orders), sequential requests for 200 of those
 *   names (read from PostgreSQL each time: the book is not cached);
 * - the fill step (market/buyOrderFills.ts `fillBuyOrders`) of 200 listings on sale of those names,
 *   each in a transaction of its own that is rolled back, so each meets the same book: the ones a
 *   bid takes (the bid locked and counted, the order, the sale, the ledger posting, the events) and
 *   the ones none wants (one statement).
 * The bids are a bulk load, as the demo seed's listings are: inserted by one statement with their
 * reserves funded from outside in one balanced ledger transaction, so the ledger stays whole.
 */
import { type DataSource } from 'typeorm';
import { createDataSource } from '../../api/db/dataSource';
import { Listing } from '../../api/entities';
import { fillBuyOrders } from '../../api/market/buyOrderFills';
import { type BenchResult } from './market';

const NAMES = 1_000;
const BIDS_PER_NAME = 10;
const SAMPLES = 200;

const ms = (value: number) => `${value.toFixed(1)} ms`;

function percentiles(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

/** The bids, their reserves and the one ledger transaction that funds them; answers the names bid on. */
async function seedBids(db: DataSource): Promise<string[]> {
  const started = performance.now();
  await db.query(
    `WITH names AS (
       SELECT market_hash_name, percentile_disc(0.5) WITHIN GROUP (ORDER BY price_cents) AS median, min(name) AS name, min(image_url) AS image_url
       FROM listings WHERE sold_at IS NULL AND status IN ('holding', 'active')
       GROUP BY market_hash_name ORDER BY count(*) DESC, market_hash_name LIMIT $1
     ), bidders AS (
       SELECT array_agg(id) AS ids FROM users WHERE trade_url <> '' AND frozen_at IS NULL
     ), bids AS (
       INSERT INTO buy_orders (user_id, market_hash_name, name, image_url, price_cents, quantity, max_float, created_at, updated_at)
       SELECT bidders.ids[1 + floor(random() * cardinality(bidders.ids))::int], n.market_hash_name, n.name, n.image_url,
         greatest(1, round(n.median * (0.70 + 0.32 * random())))::bigint, 1 + floor(random() * 10)::int,
         CASE WHEN random() < 0.2 THEN 0.15 END, now() - random() * interval '30 days', now()
       FROM names AS n CROSS JOIN generate_series(1, $2) CROSS JOIN bidders
       RETURNING id, price_cents * quantity AS cents
     ), reserves AS (
       INSERT INTO ledger_accounts (kind, buy_order_id, balance) SELECT 'buy_order_reserve', id, cents FROM bids RETURNING id, balance
     ), posted AS (
       INSERT INTO ledger_transactions (kind, description, reference) VALUES ('buy_order', 'Benchmark bids, funded from outside', 'bench-bids') RETURNING id
     )
     INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
     SELECT posted.id, reserves.id, reserves.balance, reserves.balance FROM posted, reserves
     UNION ALL
     SELECT posted.id, (SELECT id FROM ledger_accounts WHERE kind = 'external'), -(SELECT sum(balance) FROM reserves), NULL FROM posted`,
    [NAMES, BIDS_PER_NAME],
  );
  await db.query('ANALYZE buy_orders');
  console.log(`bench: ${NAMES * BIDS_PER_NAME} bids seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const rows = (await db.query(`SELECT DISTINCT market_hash_name FROM buy_orders WHERE status = 'open' ORDER BY 1`)) as Array<{ market_hash_name: string }>;
  return rows.map((row) => row.market_hash_name);
}

async function bookLatency(base: string, names: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const name of names) {
    const started = performance.now();
    const response = await fetch(`${base}/api/items/${encodeURIComponent(name)}/buy-orders`, { headers: { 'x-forwarded-for': '2001:db8:4::1' } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`book of ${name}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

class RolledBack extends Error {}

/** Each listing's fill step in a transaction of its own, rolled back: its time and whether a bid took it. */
async function fillSteps(db: DataSource, names: string[]): Promise<{ matched: number[]; missed: number[] }> {
  const listings = await db
    .getRepository(Listing)
    .createQueryBuilder('l')
    .where(`l.market_hash_name = ANY(:names) AND l.sold_at IS NULL AND l.status IN ('holding', 'active')`, { names })
    .orderBy('random()')
    .limit(SAMPLES)
    .getMany();
  const matched: number[] = [];
  const missed: number[] = [];
  for (const listing of listings) {
    await db
      .transaction(async (manager) => {
        const started = performance.now();
        const filled = await fillBuyOrders(manager, [listing], 'system:bench');
        (filled.size > 0 ? matched : missed).push(performance.now() - started);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
  }
  return { matched, missed };
}

export async function orderBookBenchmark(base: string, databaseUrl: string, results: BenchResult[]): Promise<void> {
  const db = createDataSource(databaseUrl, { poolSize: 2 });
  await db.initialize();
  try {
    const names = await seedBids(db);
    const bids = NAMES * BIDS_PER_NAME;
    const book = percentiles(await bookLatency(base, names.slice(0, SAMPLES)));
    results.push({
      name: `GET /api/items/:name/buy-orders (${SAMPLES} names, ${bids.toLocaleString('en-US')} bids)`,
      value: `p50 ${ms(book.p50)}, p95 ${ms(book.p95)}`,
      metrics: { p50Ms: book.p50, p95Ms: book.p95, bids },
    });
    const { matched, missed } = await fillSteps(db, names);
    for (const [label, times] of [
      ['a bid takes the listing', matched],
      ['no bid wants it', missed],
    ] as const) {
      const { p50, p95 } = percentiles(times);
      results.push({
        name: `fill step of a new listing: ${label} (${times.length} of ${matched.length + missed.length})`,
        value: times.length ? `p50 ${ms(p50)}, p95 ${ms(p95)}` : 'none sampled',
        metrics: { p50Ms: p50, p95Ms: p95, listings: times.length },
      });
    }
  } finally {
    await db.destroy();
  }
}
