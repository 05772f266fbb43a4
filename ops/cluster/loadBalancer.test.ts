/**
 * Two web processes and a worker behind the deployment's nginx, on a PostgreSQL of their own: what
 * one web process does (sessions, live events, the catalogue, idempotency keys, rate limits) holds
 * on the other, and nginx passes event streams on unbuffered with its request id. Requests go
 * through nginx or straight to web process A or B on their own ports, as each check needs. Every
 * test ends with the ledger's invariants checked on the cluster's database.
 */
import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseMoney } from '../../shared/money';
import { type MarketItem, type SkinsPage } from '../../shared/schemas/market';
import { createDataSource } from '../../api/db/dataSource';
import { expectLedgerInvariants } from '../../api/test/ledgerInvariants';
import { startSignIn, uniqueSteamId } from '../../api/test/signIn';
import { awayFromWindowEdge, type TestClient } from '../../api/test/testApp';
import { fund } from '../../api/test/wallet';
import { tradeUrlFor } from '../../api/routes/market/fixtures';
import { SUPPORT_FORM_LIMIT } from '../../api/routes/support/router';
import { startCluster, type Cluster, type ClusterProcess } from './cluster';
import { clientAt, openEventStream } from './clients';

let cluster: Cluster;
let db: DataSource;
let webA: ClusterProcess;
let webB: ClusterProcess;
beforeAll(async () => {
  // Request logs (info) show which process answered what, and carry nginx's request ids.
  cluster = await startCluster({ webs: 2, workers: 1, env: { LOG_LEVEL: 'info' } });
  [webA, webB] = cluster.webs as [ClusterProcess, ClusterProcess];
  db = createDataSource(cluster.database.url, { poolSize: 2 });
  await db.initialize();
});
afterAll(async () => {
  await db?.destroy();
  await cluster?.stop();
});
afterEach(async () => {
  await expectLedgerInvariants(db);
});

/** One browser: a cookie jar, and a client of nginx, of A and of B that all send its cookies. */
function browser() {
  const cookies = new Map<string, string>();
  return { cookies, nginx: clientAt(cluster.url, cookies), a: clientAt(webA.url, cookies), b: clientAt(webB.url, cookies) };
}
type Browser = ReturnType<typeof browser>;

/**
 * Signs in through the simulated Steam: /auth/steam on `start`, the provider's approval, and the
 * return (whose URL is under PUBLIC_URL, nginx's origin) sent to `finish`.
 */
async function signIn(start: TestClient, finish: TestClient, steamId: string): Promise<void> {
  const providerUrl = await startSignIn(start);
  const approved = await fetch(`${providerUrl}&steamid=${steamId}`, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const returnUrl = approved.headers.get('location')!;
  expect(returnUrl.startsWith(`${cluster.url}/auth/steam/return?`)).toBe(true);
  const back = await finish.get(returnUrl.slice(cluster.url.length));
  expect(back.status, back.text).toBe(302);
  expect(back.headers.get('location')).toBe('/');
}

/** A signed-in buyer with a trade URL and `balance` deposited through the simulated checkout, all through nginx. */
async function buyer(balance = '100.00'): Promise<Browser & { steamId: string; userId: string }> {
  const steamId = uniqueSteamId();
  const client = browser();
  await signIn(client.nginx, client.nginx, steamId);
  const saved = await client.nginx.request('PATCH', '/api/user/profile', { body: { tradeUrl: tradeUrlFor(steamId) } });
  expect(saved.status, saved.text).toBe(200);
  await fund(client.nginx, balance);
  const [user] = (await db.query('SELECT id FROM users WHERE steam_id = $1', [steamId])) as Array<{ id: string }>;
  return { ...client, steamId, userId: user!.id };
}

/** The first page of the cheapest listings, as `client`'s web process answers it. */
async function cheapestPage(client: TestClient): Promise<MarketItem[]> {
  const page = await client.get<SkinsPage>('/api/skins?sort=price_asc');
  expect(page.status, page.text).toBe(200);
  return page.body.items;
}

/** A listing nobody has bought yet (tests buy the cheapest ones, one each). */
async function unsoldListing(): Promise<MarketItem> {
  const items = await cheapestPage(browser().nginx);
  const [bought] = (await db.query('SELECT array_agg(listing_id::text) AS ids FROM order_items')) as Array<{ ids: string[] | null }>;
  const listing = items.find((item) => !(bought!.ids ?? []).includes(item.id));
  expect(listing, 'an unsold listing on the first page').toBeDefined();
  return listing!;
}

const purchase = (client: TestClient, listingId: string, key = randomUUID()) =>
  client.post<{ orderId: string; balance: string }>('/api/purchases', { listingIds: [listingId] }, { 'idempotency-key': key });

/** Requests `process` counted for POST `route`, from its own /metrics. */
async function postsCounted(process: ClusterProcess, route: string): Promise<number> {
  const metrics = await (await fetch(`${process.url}/metrics`)).text();
  return metrics
    .split('\n')
    .filter((line) => line.startsWith('http_requests_total{') && line.includes('method="POST"') && line.includes(`route="${route}"`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

describe('two web processes and a worker behind nginx', () => {
  it('keeps a session begun on web process A, finished on B, on both; a logout on A ends it on B', async () => {
    const client = browser();
    const steamId = uniqueSteamId();
    await signIn(client.a, client.b, steamId);
    for (const [where, target] of [['A', client.a], ['B', client.b], ['nginx', client.nginx]] as const) {
      const user = await target.get<{ steamId: string }>('/api/user');
      expect(user.status, where).toBe(200);
      expect(user.body.steamId, where).toBe(steamId);
    }

    const session = new Map(client.cookies);
    expect((await client.a.post('/auth/logout')).status).toBe(204);
    expect((await clientAt(webB.url, session).get('/api/user')).status, 'the old cookie on B').toBe(401);
  });

  it("streams to an event client on A the events of a purchase made on B", async () => {
    const buying = await buyer();
    const listing = await unsoldListing();
    const stream = await openEventStream(webA.url, buying.cookies);
    try {
      expect(stream.response.status).toBe(200);
      const bought = await purchase(buying.b, listing.id);
      expect(bought.status, bought.text).toBe(201);
      const event = await stream.waitFor((received) => received.event === 'order' && received.data.orderId === bought.body.orderId);
      expect(event, `events received on A: ${JSON.stringify(stream.received)}`).toBeDefined();
    } finally {
      await stream.close();
    }
  });

  it("takes a listing bought on A off B's first page within a second", async () => {
    const buying = await buyer();
    const listing = await unsoldListing();
    // B has the page in its catalogue cache now.
    expect((await cheapestPage(buying.b)).map((item) => item.id)).toContain(listing.id);

    const bought = await purchase(buying.a, listing.id);
    expect(bought.status, bought.text).toBe(201);
    const deadline = Date.now() + 1_000;
    let onB = await cheapestPage(buying.b);
    while (onB.some((item) => item.id === listing.id) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      onB = await cheapestPage(buying.b);
    }
    expect(onB.map((item) => item.id)).not.toContain(listing.id);
  });

  it('runs a purchase sent with one Idempotency-Key to A and B at once exactly once', async () => {
    const buying = await buyer();
    const listing = await unsoldListing();
    const key = randomUUID();
    const answers = await Promise.all([purchase(buying.a, listing.id, key), purchase(buying.b, listing.id, key)]);

    const statuses = answers.map((answer) => answer.status).sort();
    const texts = answers.map((answer) => answer.text);
    if (statuses[1] === 409) {
      // The second waited for the first's transaction longer than it may: it says so and did nothing.
      expect(statuses, texts.join('\n')).toEqual([201, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({ code: 'idempotency_key_in_progress' });
    } else {
      expect(statuses, texts.join('\n')).toEqual([201, 201]);
      expect(texts[0], 'the replay is the first answer, byte for byte').toBe(texts[1]);
    }
    const first = answers.find((answer) => answer.status === 201)!;
    const orders = (await db.query('SELECT id FROM orders WHERE buyer_id = $1', [buying.userId])) as Array<{ id: string }>;
    expect(orders.map((order) => order.id)).toEqual([first.body.orderId]);
    const items = (await db.query('SELECT order_id FROM order_items WHERE listing_id = $1', [listing.id])) as Array<{ order_id: string }>;
    expect(items).toEqual([{ order_id: first.body.orderId }]);
    const balance = (await buying.nginx.get<{ balance: string }>('/api/user')).body.balance;
    expect(parseMoney(balance)).toBe(parseMoney('100.00')! - parseMoney(listing.price)!);

    // Later, on either process, the key answers what it answered the first time.
    const again = await purchase(buying.b, listing.id, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
  });

  it('shares rate limits: requests from one address, spread over A and B by nginx, get 429 past the limit', async () => {
    await awayFromWindowEdge(SUPPORT_FORM_LIMIT.windowSeconds, 10);
    const counted = async () => [await postsCounted(webA, '/api/contact'), await postsCounted(webB, '/api/contact')];
    const before = await counted();
    const email = `${randomUUID()}@example.com`;
    const send = () =>
      clientAt(cluster.url).post('/api/contact', { name: 'Rate Tester', email, subject: 'Hello', category: 'General Question', message: 'One of several.' });

    for (let i = 1; i <= SUPPORT_FORM_LIMIT.limit; i++) {
      const sent = await send();
      expect(sent.status, `message ${i}: ${sent.text}`).toBe(201);
    }
    const refused = await send();
    expect(refused.status, refused.text).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const after = await counted();
    const served = after.map((count, i) => count - before[i]!);
    expect(served[0]! + served[1]!, 'every request reached A or B').toBe(SUPPORT_FORM_LIMIT.limit + 1);
    expect(Math.min(...served), `requests per web process: ${served.join(' and ')}`).toBeGreaterThan(0);
    const [stored] = (await db.query('SELECT count(*)::int AS n FROM contact_messages WHERE email = $1', [email])) as Array<{ n: number }>;
    expect(stored!.n).toBe(SUPPORT_FORM_LIMIT.limit);
  });

  it('passes an event stream through nginx unbuffered, and its request id to the web process and back', async () => {
    const client = browser();
    await signIn(client.nginx, client.nginx, uniqueSteamId());
    const stream = await openEventStream(cluster.url, client.cookies);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      // The deposit's credit is an event; the stream stays open, so a buffering proxy would hold it back.
      await fund(client.nginx, '25.00');
      const credited = await stream.waitFor((event) => event.event === 'balance' && event.data.status === 'completed', 5_000);
      expect(credited, `events received through nginx: ${JSON.stringify(stream.received)}`).toBeDefined();
    } finally {
      await stream.close();
    }

    const answered = await fetch(`${cluster.url}/api/market-stats`);
    expect(answered.status).toBe(200);
    const requestId = answered.headers.get('x-request-id')!;
    // nginx's $request_id (32 hex digits), not an id of the web process's own (a UUID).
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    // The request's log line is written as the answer goes out: give it a moment to arrive.
    const loggedBy = () => cluster.webs.filter((web) => web.output().includes(`"requestId":"${requestId}"`));
    for (const deadline = Date.now() + 5_000; loggedBy().length === 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loggedBy(), 'exactly one web process logged the request under nginx’s id').toHaveLength(1);
  });
});
