/**
 * The market's load figures, against a running server seeded with the benchmark's market
 * (ops/bench.ts starts it with TRUST_PROXY=true, so each simulated client can name its own address
 * in X-Forwarded-For, as behind a load balancer: the per-IP request limit then applies per client,
 * not to the benchmark as a whole):
 * - GET /api/skins with a rotation of filters, with a rotation of text searches, and with a
 *   rotation of float ranges, patterns and the float order, at 50 connections, each against the
 *   same server's /healthz throughput measured just before it, and the server's resident memory
 *   meanwhile;
 * - the catalogue's page ~500 (reached by following cursors) against page 1, by price and by float;
 * - 1,000 concurrent purchase attempts on 100 listings by 50 signed-in, funded buyers: exactly 100
 *   sold, and the money exact to the cent in the database.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { formatUsd, parseMoney } from '../../shared/money';
import { accountIdOf } from '../../shared/steam';

export interface BenchResult {
  name: string;
  value: string;
  /** The figures behind `value`, as numbers, for the JSON record (ops/bench.ts). */
  metrics?: Record<string, number>;
  target?: string;
  ok?: boolean;
}

const SKINS_QUERIES = [
  '',
  'weaponType=Rifle',
  'rarity=covert&sort=price_asc',
  'minPrice=1.00&maxPrice=50.00',
  'condition=Factory%20New&statTrak=true',
  'search=redline',
  'search=ak-47&sort=name_asc',
  'weaponType=Knife&sort=price_asc',
  'rarity=mil-spec&condition=Field-Tested',
  'statTrak=false&minPrice=10.00&sort=price_asc',
  'weaponType=Pistol&rarity=restricted',
  'search=doppler&weaponType=Knife',
];
/**
 * What buyers type: whole and partial weapon and finish names, in any case, with the grid's sorts
 * and a filter now and then; 48 searches, so most of them miss the per-process cache of pages.
 */
const SEARCH_TERMS = [
  'redline', 'asiimov', 'doppler', 'fade', 'hyper beast', 'dragon', 'neo-noir', 'case hardened',
  'vulcan', 'AK-47', 'awp', 'm4a4', 'usp-s', 'glock', 'karambit', 'butterfly', 'tiger tooth', 'slaughter',
  'printstream', 'blue', 'red', 'night', 'ice', 'dust', 'MAG-7', 'desert eagle', 'P250', 'FAMAS', 'galil',
  'nova', 'safari', 'crimson', 'marble', 'gamma', 'lore', 'autotronic', 'emerald', 'sapphire', 'ruby',
  'cyrex', 'bloodsport', 'wasteland', 'fire serpent', 'howl', 'medusa', 'wildfire', 'kumicho', 'st',
];
const SEARCH_QUERIES = SEARCH_TERMS.map((term, index) => {
  const extra = ['', '&sort=price_asc', '&sort=name_asc', '&minPrice=5.00'][index % 4];
  return `search=${encodeURIComponent(term)}${extra}`;
});
/**
 * Float ranges (narrow, wide, at either end of the scale) in the default price order and the float
 * order, alone and with the other filters, and patterns: 16 views, each a range of an index.
 */
const FLOAT_QUERIES = [
  'minFloat=0.10&maxFloat=0.11',
  'minFloat=0.99',
  'maxFloat=0.01&sort=price_asc',
  'minFloat=0.45&sort=float_asc',
  'minFloat=0.15&maxFloat=0.38&weaponType=Rifle',
  'minFloat=0.2&maxFloat=0.25&sort=name_asc',
  'sort=float_asc',
  'sort=float_asc&weaponType=Gloves',
  'sort=float_asc&condition=Battle-Scarred',
  'sort=float_asc&rarity=covert&statTrak=true',
  'sort=float_asc&search=redline',
  'sort=float_asc&search=doppler&maxFloat=0.03',
  'paintSeed=661',
  'paintSeed=387&sort=float_asc',
  'souvenir=true',
  'souvenir=true&minFloat=0.0&maxFloat=0.5&sort=float_asc',
];
const LOAD_SECONDS = 10;
/**
 * Load before a measured one: a process's first seconds serve a small fraction of what it serves
 * warm (code compiled, per-process caches filled), which is not the figure sought.
 */
export const WARM_UP_SECONDS = 5;
const CONNECTIONS = 50;
const BUYERS = 50;
const LISTINGS = 100;
const ATTEMPTS = 1_000;
const BUYER_FUNDS = '1000.00';

/** 1,000 client addresses (documentation range) the load rotates through. */
let clientNumber = 0;
const nextClientIp = () => `2001:db8::${((clientNumber++ % 1000) + 1).toString(16)}`;
const rotatingClients = { setupRequest: (request: { headers?: Record<string, string> }) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': nextClientIp() } }) };

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function load(base: string, paths: string[], connections: number, seconds: number) {
  return autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path, ...rotatingClients })),
  });
}

/** A browser-like client: cookies kept, one client address. */
function browser(base: string, ip: string) {
  const cookies = new Map<string, string>();
  return async function request(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { 'x-forwarded-for': ip, ...init.headers };
    if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!, value.join('='));
    }
    return response;
  };
}

type Browser = ReturnType<typeof browser>;

/** GET /api/skins with a rotation of queries at `connections` connections for `seconds`, from rotating client addresses. */
export function catalogueLoad(base: string, connections = CONNECTIONS, seconds = LOAD_SECONDS, queries = SKINS_QUERIES) {
  return load(base, queries.map((query) => `/api/skins${query ? `?${query}` : ''}`), connections, seconds);
}

/** The largest resident set of process `pid` while `work` runs (sampled every 100 ms), in MiB. */
async function peakResidentMiB<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMiB: number }> {
  let peakKiB = 0;
  const sample = () => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    peakKiB = Math.max(peakKiB, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
  };
  sample();
  const timer = setInterval(sample, 100);
  try {
    return { result: await work(), peakMiB: peakKiB / 1024 };
  } finally {
    clearInterval(timer);
  }
}

/** Signs in through the simulated Steam, saves a trade URL and tops the balance up through checkout. */
async function fundedBuyer(base: string, index: number): Promise<Browser> {
  const steamId = (76561198060000001n + BigInt(index)).toString();
  const request = browser(base, `2001:db8:1::${(index + 1).toString(16)}`);
  const provider = (await request('/auth/steam')).headers.get('location')!;
  const back = (await request(`${provider}&steamid=${steamId}`)).headers.get('location')!;
  if ((await request(back)).status !== 302) throw new Error('bench sign-in failed');
  const tradeUrl = `https://steamcommunity.com/tradeoffer/new/?partner=${accountIdOf(steamId)}&token=bench`;
  if ((await request('/api/user/profile', { method: 'PATCH', body: { tradeUrl } })).status !== 200) throw new Error('bench trade URL failed');
  const deposit = await request('/api/deposits', { method: 'POST', body: { method: 'paypal', amount: BUYER_FUNDS }, headers: { 'idempotency-key': randomUUID() } });
  const { checkoutUrl } = (await deposit.json()) as { checkoutUrl: string };
  if ((await request(`${checkoutUrl}/pay`, { method: 'POST' })).status !== 302) throw new Error('bench deposit failed');
  return request;
}

/** Compares a catalogue load with /healthz measured just before it, on the same server. */
async function againstHealthz(base: string, name: string, queries: string[], results: BenchResult[], serverPid: number) {
  await catalogueLoad(base, CONNECTIONS, WARM_UP_SECONDS, queries);
  const health = await load(base, ['/healthz'], CONNECTIONS, LOAD_SECONDS);
  const { result: skins, peakMiB } = await peakResidentMiB(serverPid, () => catalogueLoad(base, CONNECTIONS, LOAD_SECONDS, queries));
  const share = skins.requests.average / health.requests.average;
  const failed = skins.non2xx + skins.errors + skins.timeouts;
  results.push({
    name: `${name}, ${CONNECTIONS} conn.`,
    value:
      `${Math.round(skins.requests.average)} req/s (${(share * 100).toFixed(0)}% of /healthz's ${Math.round(health.requests.average)}), ` +
      `p50 ${ms(skins.latency.p50)}, p99 ${ms(skins.latency.p99)}; server ${peakMiB.toFixed(0)} MiB resident${failed ? `; ${failed} failed` : ''}`,
    metrics: {
      requestsPerSecond: skins.requests.average,
      healthzRequestsPerSecond: health.requests.average,
      shareOfHealthz: share,
      p50Ms: skins.latency.p50,
      p99Ms: skins.latency.p99,
      healthzP99Ms: health.latency.p99,
      peakResidentMiB: peakMiB,
      failed,
    },
    target: 'p99 ≤ 20 ms, ≥ 50% of /healthz, < 300 MiB',
    ok: skins.latency.p99 <= 20 && share >= 0.5 && failed === 0 && peakMiB < 300,
  });
}

export async function catalogueBenchmarks(base: string, serverPid: number, results: BenchResult[]): Promise<void> {
  await againstHealthz(base, `GET /api/skins, ${SKINS_QUERIES.length} filter sets`, SKINS_QUERIES, results, serverPid);
  await againstHealthz(base, `GET /api/skins?search=, ${SEARCH_QUERIES.length} searches`, SEARCH_QUERIES, results, serverPid);
  await againstHealthz(base, `GET /api/skins, ${FLOAT_QUERIES.length} float and pattern views`, FLOAT_QUERIES, results, serverPid);
  await deepPage(base, '', results);
  await deepPage(base, 'sort=float_asc', results);
}

/** Page ~500 of a view through the cursors, then the same load on its page 1 and on page 500. */
async function deepPage(base: string, view: string, results: BenchResult[]): Promise<void> {
  const walker = browser(base, '2001:db8:2::1');
  const path = (cursor: string | null) => `/api/skins${view || cursor ? '?' : ''}${[view, cursor && `cursor=${cursor}`].filter(Boolean).join('&')}`;
  let cursor: string | null = null;
  for (let page = 1; page < 500; page++) {
    const response = await walker(path(cursor));
    cursor = ((await response.json()) as { nextCursor: string | null }).nextCursor;
    if (!cursor) throw new Error(`the catalogue ended at page ${page}`);
  }
  const first = await load(base, [path(null)], 10, 5);
  const deep = await load(base, [path(cursor)], 10, 5);
  results.push({
    name: `GET /api/skins${view ? `?${view}` : ''} page 1 vs page 500 (cursor), 10 conn.`,
    value: `p50 ${ms(first.latency.p50)} vs ${ms(deep.latency.p50)}, ${Math.round(first.requests.average)} vs ${Math.round(deep.requests.average)} req/s`,
    metrics: { firstP50Ms: first.latency.p50, deepP50Ms: deep.latency.p50, firstRequestsPerSecond: first.requests.average, deepRequestsPerSecond: deep.requests.average },
    target: 'same speed',
    ok: deep.latency.p50 <= first.latency.p50 * 1.5 + 1,
  });
}

/** The purchase race: BUYERS buyers, LISTINGS listings, ATTEMPTS attempts at once. */
export async function purchaseBenchmark(base: string, databaseUrl: string, results: BenchResult[]): Promise<void> {
  const walker = browser(base, '2001:db8:2::2');
  const buyers: Browser[] = [];
  for (let i = 0; i < BUYERS; i++) buyers.push(await fundedBuyer(base, i));
  const cheapest = (await (await walker(`/api/skins?sort=price_asc&limit=${LISTINGS}`)).json()) as { items: Array<{ id: string; price: string }> };
  const listings = cheapest.items;
  const unexpected = new Map<number, string>();
  const started = performance.now();
  // Buyer b tries listings 20b … 20b+19 (mod 100): every listing is wanted by 10 different buyers.
  const answers = await Promise.all(
    Array.from({ length: ATTEMPTS }, async (_, k) => {
      const buy = buyers[Math.floor(k / (ATTEMPTS / BUYERS))]!;
      const response = await buy('/api/purchases', { method: 'POST', body: { listingIds: [listings[k % LISTINGS]!.id] }, headers: { 'idempotency-key': randomUUID() } });
      const text = await response.text();
      if (response.status !== 201 && response.status !== 409) unexpected.set(response.status, text.slice(0, 120));
      return response.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const statuses = new Map<number, number>();
  for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);

  const expectedCents = listings.reduce((sum, listing) => sum + parseMoney(listing.price)!, 0n);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const ids = listings.map((listing) => listing.id);
    const sold = await db.query<{ n: string; cents: string }>(
      'SELECT count(*) AS n, COALESCE(sum(i.price_cents), 0) AS cents FROM order_items i JOIN listings l ON l.id = i.listing_id WHERE l.id = ANY($1) AND l.sold_at IS NOT NULL AND i.refunded_at IS NULL',
      [ids],
    );
    const spent = await db.query<{ cents: string }>(
      `SELECT (${BUYERS} * ${parseMoney(BUYER_FUNDS)!} - COALESCE(sum(a.balance), 0))::text AS cents FROM ledger_accounts a JOIN users u ON u.id = a.user_id
       WHERE a.kind = 'user_available' AND u.steam_id::numeric BETWEEN 76561198060000001 AND ${76561198060000000n + BigInt(BUYERS)}`,
    );
    const ledger = await db.query<{ total: string }>('SELECT COALESCE(sum(amount), 0)::text AS total FROM ledger_entries');
    const soldCount = Number(sold.rows[0]!.n);
    const exact = BigInt(sold.rows[0]!.cents) === expectedCents && BigInt(spent.rows[0]!.cents) === expectedCents && ledger.rows[0]!.total === '0';
    const rate = ATTEMPTS / seconds;
    results.push({
      name: `${ATTEMPTS} purchase attempts, ${LISTINGS} listings, ${BUYERS} buyers`,
      value: `${rate.toFixed(0)} attempts/s (${seconds.toFixed(2)} s); ${soldCount} sold; ${[...statuses].map(([status, n]) => `${n}×${status}`).join(', ')}; buyers paid ${formatUsd(BigInt(spent.rows[0]!.cents))} of ${formatUsd(expectedCents)}${exact ? ', money exact' : ', MONEY MISMATCH'}${[...unexpected].map(([status, text]) => `; ${status}: ${text}`).join('')}`,
      metrics: { attemptsPerSecond: rate, sold: soldCount, moneyExact: exact ? 1 : 0 },
      target: 'exactly 100 sold, money exact, ≥ 300 attempts/s',
      ok: soldCount === LISTINGS && statuses.get(201) === LISTINGS && exact && rate >= 300,
    });
  } finally {
    await db.end();
  }
}
