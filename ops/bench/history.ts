/**
 * An item's price history and latest sales (GET /api/items/:marketHashName/…) against the
 * benchmark's market and the demo seed's sales history (90 days of every listed name): sequential
 * requests, each for a name not asked before in that run, so every answer is read from PostgreSQL
 * (the per-process cache would otherwise answer repeats), for a month and a year of the names with
 * the most sales, and their latest sales.
 */
import pg from 'pg';
import { type BenchResult } from './market';

/** Names asked per measurement: the busiest first. */
const NAMES = 200;

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function sequential(base: string, paths: string[]): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { 'x-forwarded-for': '2001:db8:3::1' } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

export async function priceHistoryBenchmark(base: string, databaseUrl: string, results: BenchResult[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let names: string[];
  let sales: number;
  let perName: number;
  try {
    const busiest = await client.query<{ name: string; sales: number }>(
      'SELECT market_hash_name AS name, count(*)::int AS sales FROM sales GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT $1',
      [NAMES * 3],
    );
    names = busiest.rows.map((row) => row.name);
    perName = busiest.rows[0]?.sales ?? 0;
    sales = (await client.query<{ count: number }>('SELECT count(*)::int AS count FROM sales')).rows[0]!.count;
  } finally {
    await client.end();
  }
  if (names.length < NAMES * 3) throw new Error(`the seed has sales of ${names.length} names; the benchmark needs ${NAMES * 3}`);
  const path = (name: string, rest: string) => `/api/items/${encodeURIComponent(name)}/${rest}`;
  // A third of the names for each measurement: none is asked twice.
  const measurements = [
    { name: 'price-history?days=30', names: names.slice(0, NAMES) },
    { name: 'price-history?days=365', names: names.slice(NAMES, NAMES * 2) },
    { name: 'sales?limit=20', names: names.slice(NAMES * 2) },
  ];
  for (const measurement of measurements) {
    const { p50, p95 } = await sequential(base, measurement.names.map((name) => path(name, measurement.name)));
    results.push({
      name: `GET /api/items/:name/${measurement.name} (${NAMES} names, uncached)`,
      value: `p50 ${ms(p50)}, p95 ${ms(p95)}; ${sales.toLocaleString('en-US')} sales, up to ${perName} a name`,
      metrics: { p50Ms: p50, p95Ms: p95, sales, busiestNameSales: perName },
    });
  }
}
