/**
 * Faults on a whole deployment (ops/cluster/cluster.ts: two web processes behind nginx, two workers
 * of which one leads the trade bot, an embedded PostgreSQL of its own), struck with real signals
 * while real traffic runs: a web process killed during a burst of purchases, PostgreSQL shut down
 * under traffic, SIGTERM to a web process under load, the worker killed in the middle of a hold end
 * and of a payout, the bot's leader killed in the middle of sending an offer. Each test ends with
 * the ledger's invariants and no listing sold twice.
 *
 * The moments are made exact rather than waited for: the test holds row locks in a transaction of
 * its own, so the product's transaction (or the simulated Steam's) that needs those rows stops
 * right there; the test finds that session waiting in pg_stat_activity, and which process it
 * belongs to from that process's own sockets, and only then strikes.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import { hostname } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DataSource } from 'typeorm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { feeCents, formatMoney, parseMoney } from '../../shared/money';
import { createDataSource } from '../../api/db/dataSource';
import { CLAIM_LEASE_MS, markerOf } from '../../api/commands/tradeOfferDispatcher';
import { tradeUrlFor } from '../../api/routes/market/fixtures';
import { expectLedgerInvariants } from '../../api/test/ledgerInvariants';
import { startSignIn, uniqueSteamId } from '../../api/test/signIn';
import { type TestClient, type TestResponse, uniqueIp } from '../../api/test/testApp';
import { fund } from '../../api/test/wallet';
import { startCluster, type Cluster, type ClusterProcess } from './cluster';
import { clientAt } from './clients';

/** A trade hold of seconds: seeded holds are over by the first test, a new listing's ends within one. */
const TRADE_HOLD_MS = 10_000;
/** Any single request: longer is a hang. */
const REQUEST_TIMEOUT_MS = 10_000;

let cluster: Cluster;
let db: DataSource;
/** The second worker's restart after the worker test, awaited by the leader test that needs it. */
let standbyBack: Promise<void> = Promise.resolve();

beforeAll(async () => {
  cluster = await startCluster({
    webs: 2,
    workers: 2,
    env: {
      TRADE_HOLD_MS: String(TRADE_HOLD_MS),
      // The test's users stand behind one more proxy than nginx: each sends an address of its own, so
      // the per-address limits count them apart as they would count real users.
      TRUST_PROXY_HOPS: '2',
    },
  });
  db = createDataSource(cluster.database.url, { poolSize: 4 });
  await db.initialize();
});
afterAll(async () => {
  await db?.destroy();
  await cluster?.stop();
});
// Each test starts on a whole cluster: a process that died on its own since the last test is named,
// with what it wrote last, instead of surfacing later as a refused connection.
beforeEach(async () => {
  await standbyBack;
  const dead = [...cluster.webs, ...cluster.workers, cluster.nginx].filter((process) => !process.running);
  const reports = await Promise.all(
    dead.map(async (process) => {
      const output = process === cluster.nginx ? cluster.nginxErrors() : process.output();
      return `${process.name} exited ${JSON.stringify(await process.exited)}:\n${output.slice(-6_000)}`;
    }),
  );
  expect(reports, 'processes that exited since the last test').toEqual([]);
});
afterEach(async () => {
  await expectLedgerInvariants(db);
  const soldTwice = await db.query('SELECT listing_id FROM order_items WHERE refunded_at IS NULL GROUP BY listing_id HAVING count(*) > 1');
  expect(soldTwice, 'listings sold twice').toEqual([]);
});

describe('a web process killed (kill -9) during a burst of purchases', () => {
  it('fails over through nginx; every purchase, retried with its Idempotency-Key, is applied exactly once', async () => {
    const [web1, web2] = cluster.webs as [ClusterProcess, ClusterProcess];
    onTestFinished(() => web1.start());
    const funds = '200.00';
    const buyers = await Promise.all([1, 2, 3, 4].map(() => signInBuyer(funds)));
    const listings = await takeListings(12, 'holding');
    const plan = listings.map((listing, i) => ({ buyer: buyers[i % buyers.length]!, listing, key: randomUUID() }));

    // Every purchase stops inside its transaction (its key claimed), waiting for its listing.
    const lock = await holdLocks('SELECT id FROM listings WHERE id = ANY($1) FOR UPDATE', [listings.map((listing) => listing.id)]);
    let purchases: Array<Promise<Purchase>> = [];
    let inFlightAtWeb1: Backend[];
    try {
      purchases = plan.map(({ buyer, listing, key }) => purchaseWithRetries(buyer, [listing.id], key));
      const waiting = await waitFor(`all ${plan.length} purchases waiting for their listings`, () => blockedBehind(lock.pid), (rows) => rows.length === plan.length, 20_000);
      inFlightAtWeb1 = ownedBy(web1, waiting);
      // nginx shares the burst between both processes: some are in flight where the kill lands.
      expect(inFlightAtWeb1.length).toBeGreaterThan(0);
      expect(ownedBy(web2, waiting).length).toBe(plan.length - inFlightAtWeb1.length);
      expect(await web1.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    } finally {
      await lock.release();
    }
    const results = await Promise.all(purchases);
    for (const result of results) expect(result.answer.status, result.answer.text).toBe(201);
    // Those in flight at the killed process lost their answers (nginx does not send a POST twice)
    // and were retried by their clients, with the same key, on the other process.
    const lostAnswers = results.filter((result) => result.attempts[0] === 502);
    expect(lostAnswers).toHaveLength(inFlightAtWeb1!.length);

    await expectAppliedOnce(plan, results);
    for (const buyer of buyers) {
      const spent = plan.filter((entry) => entry.buyer === buyer).reduce((sum, entry) => sum + entry.listing.priceCents, 0n);
      const user = await buyer.client.get<{ balance: string }>('/api/user');
      expect(user.body.balance).toBe(formatMoney(parseMoney(funds)! - spent));
    }
    // A repeat of any key, answered by whichever process, is the first answer, not a second purchase.
    for (const [i, { buyer, listing, key }] of plan.entries()) {
      const repeat = await buyer.client.post('/api/purchases', { listingIds: [listing.id] }, { 'idempotency-key': key });
      expect(repeat.status).toBe(201);
      expect(repeat.headers.get('idempotent-replayed')).toBe('true');
      expect(repeat.text).toBe(results[i]!.answer.text);
    }
    await expectAppliedOnce(plan, results);
  }, 120_000);
});

describe('PostgreSQL shut down under traffic, and started again 10 s later', () => {
  it('answers 503 (never 500, never a hang), writes nothing partial, and comes back within 5 s with the jobs running', async () => {
    const funds = '200.00';
    const buyer = await signInBuyer(funds);
    const reader = await signInUser();
    const listings = await takeListings(8, 'active');
    const traffic = startTraffic();
    // stopped: PostgreSQL has shut down; starting: it is being started; returned: it is up again.
    const timeline: { stopped?: number; starting?: number; returned?: number } = {};
    const purchases: Purchase[] = [];
    // Purchases one after another, each retried with its key until it goes through (503s included).
    const buying = (async () => {
      for (const listing of listings) {
        purchases.push(await purchaseWithRetries(buyer, [listing.id], randomUUID(), 60_000, traffic.record));
        await sleep(200);
      }
    })();
    traffic.loop('GET /api/user', () => timed(reader.client.get('/api/user')));
    traffic.loop('GET /api/skins', () => timed(reader.client.get('/api/skins?sort=price_asc')));
    for (const web of cluster.webs) traffic.loop(`GET ${web.name}/readyz`, () => timed(clientAt(web.url).get('/readyz')), 100);

    try {
      await waitFor('a first purchase through', async () => purchases.length, (count) => count >= 1, 20_000);
      await cluster.database.stop();
      timeline.stopped = Date.now();
      await sleep(10_000);
    } finally {
      timeline.starting = Date.now();
      await cluster.database.start();
      timeline.returned = Date.now();
    }
    const { stopped, starting, returned } = timeline as Required<typeof timeline>;
    const [{ now: returnedAt }] = (await db.query('SELECT now() AS now')) as [{ now: Date }];
    await buying;
    // Traffic goes on until well past the 5 s the service has to come back in.
    await sleep(Math.max(0, returned + 6_000 - Date.now()));
    const seen = await traffic.stop();

    const unexpected = seen.filter((request) => !(request.status === 200 || request.status === 201 || request.status === 503));
    expect(unexpected, 'answers other than 200, 201 and 503 (a 500, a gateway error, a hang)').toEqual([]);
    const during = seen.filter((request) => request.sentAt >= stopped && request.sentAt < starting);
    for (const what of ['GET /api/user', 'POST /api/purchases']) {
      const calls = during.filter((request) => request.what === what);
      expect(calls.length, `${what} calls during the outage`).toBeGreaterThan(0);
      expect(new Set(calls.map((request) => request.status)), `${what} during the outage`).toEqual(new Set([503]));
    }
    for (const web of cluster.webs) {
      const probes = seen.filter((request) => request.what === `GET ${web.name}/readyz`);
      const down = probes.filter((request) => request.sentAt >= stopped && request.sentAt < starting);
      expect(new Set(down.map((request) => request.status)), `${web.name} /readyz during the outage`).toEqual(new Set([503]));
      expect(down[0]!.answeredAt - stopped, `${web.name}: first /readyz 503 after the stop (ms)`).toBeLessThanOrEqual(2_000);
      const back = probes.find((request) => request.sentAt >= returned && request.status === 200);
      expect(back && back.answeredAt - returned, `${web.name}: first /readyz 200 after the database returned (ms)`).toBeLessThanOrEqual(5_000);
    }
    // From 5 s after the database returned, nothing is refused any more.
    expect(seen.filter((request) => request.sentAt >= returned + 5_000 && request.status !== 200 && request.status !== 201)).toEqual([]);

    for (const purchase of purchases) expect(purchase.answer.status, purchase.answer.text).toBe(201);
    expect(purchases.some((purchase) => purchase.attempts.includes(503)), 'a purchase refused during the outage').toBe(true);
    await expectAppliedOnce(
      listings.map((listing, i) => ({ buyer, listing, key: purchases[i]!.key })),
      purchases,
    );
    const spent = listings.reduce((sum, listing) => sum + listing.priceCents, 0n);
    expect((await buyer.client.get<{ balance: string }>('/api/user')).body.balance).toBe(formatMoney(parseMoney(funds)! - spent));

    // The jobs run again: the market sweep completes, and the listings bought are delivered and paid out.
    await waitFor(
      'a market sweep completed after the database returned',
      () => db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'market-sweep' AND state = 'completed' AND completed_on > $1`, [returnedAt]),
      ([row]: Array<{ n: number }>) => row!.n > 0,
      30_000,
      async () => `jobs still active: ${JSON.stringify(await activeJobs())}`,
    );
    await waitFor(
      'every listing bought delivered and its seller paid',
      () => db.query(`SELECT id, status FROM listings WHERE id = ANY($1) AND status <> 'completed'`, [listings.map((listing) => listing.id)]),
      (rows: unknown[]) => rows.length === 0,
      45_000,
      async () => `jobs still active: ${JSON.stringify(await activeJobs())}`,
    );
  }, 150_000);
});

describe('SIGTERM to a web process under load', () => {
  it('finishes the requests in flight, refuses new ones, ends its event streams so clients resume elsewhere, and exits 0 in the grace period', async () => {
    const web1 = cluster.webs[0]!;
    onTestFinished(() => web1.start());
    const buyer = await signInBuyer('100.00');
    const reader = await signInUser();
    const listings = await takeListings(3, 'holding');

    // The buyer's open tab, connected to web-1 itself.
    const stream = await openEventStream(web1.url, buyer);
    expect(stream.status).toBe(200);
    await waitFor('the stream’s first block', async () => stream.blocks, (blocks) => blocks >= 1, 5_000);
    expect(stream.retry, 'the reconnection delay the stream asks for (ms)').toBe(3_000);

    const lock = await holdLocks('SELECT id FROM listings WHERE id = ANY($1) FOR UPDATE', [listings.map((listing) => listing.id)]);
    let inFlight: Array<Promise<RawAnswer>> = [];
    let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
    let signalledAt: number;
    const traffic = startTraffic();
    try {
      // Three purchases in flight at web-1, each inside its transaction.
      inFlight = listings.map((listing) => rawRequest(web1.url, 'POST', '/api/purchases', buyer, { listingIds: [listing.id] }, { 'idempotency-key': randomUUID() }));
      await waitFor('three purchases in flight at web-1', async () => ownedBy(web1, await blockedBehind(lock.pid)), (rows) => rows.length === 3, 20_000);
      traffic.loop('GET /api/user', () => timed(reader.client.get('/api/user')));
      traffic.loop('GET /api/orders', () => timed(reader.client.get('/api/orders')));
      await waitFor('load through nginx', async () => traffic.count(), (count) => count >= 10, 10_000);

      signalledAt = Date.now();
      exited = web1.kill('SIGTERM');
      // New connections to it are refused from now on; its event stream is ended, not cut.
      await waitFor('web-1 refusing new connections', () => newConnection(web1.url), (outcome) => outcome === 'refused', 5_000);
      expect(await stream.ended).toBe('complete');
    } finally {
      await lock.release();
    }
    // The requests in flight get their whole answers, and are told the connection will not be kept.
    const answers = await Promise.all(inFlight);
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(201);
      expect(answer.complete).toBe(true);
      expect(JSON.parse(answer.text)).toMatchObject({ orderId: expect.any(String) });
      expect(answer.headers.connection).toBe('close');
    }
    const exit = await exited!;
    const exitedAfterMs = Date.now() - signalledAt!;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitedAfterMs, 'SIGTERM to exit (ms), within the web pods’ grace period').toBeLessThan(webGracePeriodSeconds() * 1000);
    expect(await newConnection(web1.url)).toBe('refused');

    const load = await traffic.stop();
    expect(load.filter((request) => request.status !== 200), 'the load through nginx').toEqual([]);

    // The tab reconnects as EventSource does (through nginx, after the delay asked for, with the last
    // id the stream gave) and receives the orders made while it was away.
    await sleep(stream.retry!);
    const resumed = await openEventStream(cluster.url, buyer, stream.lastEventId);
    try {
      const orderIds = answers.map((answer) => (JSON.parse(answer.text) as { orderId: string }).orderId);
      await waitFor(
        'the orders made while the tab was away, on its new stream',
        async () => resumed.events.filter((event) => event.event === 'order' && event.data.status === 'created').map((event) => event.data.orderId),
        (seen) => orderIds.every((orderId) => seen.includes(orderId)),
        10_000,
      );
    } finally {
      resumed.close();
    }
  }, 120_000);
});

describe('the worker killed (kill -9) in the middle of a hold end, then of a payout', () => {
  it('after each restart, finishes the work exactly once: one delivery offer accepted, one payout', async () => {
    const [worker1, worker2] = cluster.workers as [ClusterProcess, ClusterProcess];
    // One worker: what the killed one left half done waits for its restart.
    await worker2.stop();
    // Both running again for the next test, whatever happens here (it waits for this).
    onTestFinished(() => {
      standbyBack = Promise.all([worker1.start(), worker2.start()]).then(() => undefined);
    });
    await waitForLeader(worker1);
    const [price, sellerFunds, buyerFunds] = ['12.34', '10.00', '100.00'];
    const seller = await signInUser();
    await fund(seller.client, sellerFunds);
    const buyer = await signInBuyer(buyerFunds);

    const inventory = await seller.client.get<{ items: Array<{ assetid: string; tradable: boolean; marketable: boolean; listed: boolean }> }>('/api/inventory?refresh=1');
    const item = inventory.body.items.find((candidate) => candidate.tradable && candidate.marketable && !candidate.listed)!;
    const sent = await seller.client.post('/api/trade-offers', { items: [{ assetid: item.assetid, price }], tradeUrl: tradeUrlFor(seller.steamId) });
    expect(sent.status, sent.text).toBe(201);
    const [listing] = await waitFor(
      'the deposit listed',
      () => db.query(`SELECT id, hold_end_time FROM listings WHERE seller_id = $1 AND status = 'holding'`, [seller.userId]),
      (rows: unknown[]) => rows.length === 1,
      20_000,
    );
    const listingId = (listing as { id: string }).id;
    const bought = await buyer.client.post('/api/purchases', { listingIds: [listingId] }, { 'idempotency-key': randomUUID() });
    expect(bought.status, bought.text).toBe(201);

    // The payout will wait for the seller's balance; the hold end for the buyer's row, which the
    // delivery offer it creates refers to (after it has already marked the listing payment_pending).
    const payoutLock = await holdLocks(`SELECT id FROM ledger_accounts WHERE kind = 'user_available' AND user_id = $1 FOR UPDATE`, [seller.userId]);
    try {
      const holdEndLock = await holdLocks('SELECT id FROM users WHERE id = $1 FOR UPDATE', [buyer.userId]);
      let holdEndBackends: Backend[];
      try {
        expect((await listingState(listingId)).status, 'the hold had not ended when the locks were taken').toBe('holding');
        // The hold-end job and the sweep both at it: one waiting for the buyer's row, the other for the listing.
        await waitFor(
          'the hold end in the middle of its transaction, in the job and in the sweep',
          async () => ({ waiting: ownedBy(worker1, await waitingForLocks()), jobs: await activeJobs() }),
          ({ waiting, jobs }) =>
            waiting.some((backend) => backend.blockedBy.includes(holdEndLock.pid)) &&
            waiting.length >= 2 &&
            jobs.some((job) => job.name === 'hold-end' && job.singletonKey === listingId) &&
            jobs.some((job) => job.name === 'market-sweep'),
          TRADE_HOLD_MS + 20_000,
        );
        holdEndBackends = ownedBy(worker1, await allBackends());
        await worker1.kill('SIGKILL');
      } finally {
        await holdEndLock.release();
      }
      await waitFor('the killed worker’s sessions gone', async () => stillOpen(holdEndBackends), (open) => open.length === 0, 10_000);
      // Nothing of the hold end was committed.
      expect(await listingState(listingId)).toMatchObject({ status: 'holding', itemStatus: 'awaiting_hold', deliveryOffers: 0 });

      await worker1.start();
      await waitFor(
        'the payout in the middle of its transaction (offer accepted, item delivered, listing completed, not yet posted)',
        async () => ownedBy(worker1, await blockedBehind(payoutLock.pid)),
        (rows) => rows.length > 0,
        30_000,
        async () => `listing ${JSON.stringify(await listingState(listingId))}; jobs still active: ${JSON.stringify(await activeJobs())}`,
      );
      const payoutBackends = ownedBy(worker1, await allBackends());
      await worker1.kill('SIGKILL');
      await payoutLock.release();
      await waitFor('the killed worker’s sessions gone', async () => stillOpen(payoutBackends), (open) => open.length === 0, 10_000);
      expect(await listingState(listingId)).toMatchObject({ status: 'payment_pending', itemStatus: 'sending', deliveryOffers: 1, payouts: 0 });
    } finally {
      await payoutLock.release();
    }

    await worker1.start();
    const done = await waitFor(
      'the sale completed after the restart',
      () => listingState(listingId),
      (state) => state.status === 'completed',
      30_000,
      async () => `jobs still active: ${JSON.stringify(await activeJobs())}`,
    );
    expect(done).toMatchObject({ itemStatus: 'delivered', deliveryOffers: 1, payouts: 1, refunds: 0 });
    const [delivery] = (await db.query(
      `SELECT o.id, o.status, o.steam_offer_id FROM trade_offers o JOIN order_items i ON i.delivery_offer_id = o.id WHERE i.listing_id = $1`,
      [listingId],
    )) as Array<{ id: string; status: string; steam_offer_id: string }>;
    expect(delivery!.status).toBe('accepted');
    expect(await simOffersCarrying(delivery!.id)).toEqual([{ tradeofferid: delivery!.steam_offer_id, state: 3 }]);
    const priceCents = parseMoney(price)!;
    expect((await seller.client.get<{ balance: string }>('/api/user')).body.balance).toBe(formatMoney(parseMoney(sellerFunds)! + priceCents - feeCents(priceCents)));
    expect((await buyer.client.get<{ balance: string }>('/api/user')).body.balance).toBe(formatMoney(parseMoney(buyerFunds)! - priceCents));
  }, 180_000);
});

describe('the bot’s leader killed (kill -9) while it sends an offer', () => {
  it('hands the bot to the standby within 30 s, and the offer is sent once and its sale completed once', async () => {
    await standbyBack;
    const leader = await waitForLeader();
    const standby = cluster.workers.find((worker) => worker !== leader)!;
    expect(await leadsByMetrics(standby)).toBe(false);
    const buyer = await signInBuyer('100.00');
    const [listing] = await takeListings(1, 'active');

    // Steam's side of the send stops at the item, so the leader is waiting for Steam's answer.
    const sendLock = await holdLocks('SELECT assetid FROM sim_steam_items WHERE assetid = $1 FOR UPDATE', [listing!.botAssetid]);
    let deliveryId: string;
    let killedAt: number;
    try {
      const bought = await buyer.client.post('/api/purchases', { listingIds: [listing!.id] }, { 'idempotency-key': randomUUID() });
      expect(bought.status, bought.text).toBe(201);
      const claimed = await waitFor(
        'the leader sending the delivery offer',
        async () => ({
          offer: (await db.query(
            `SELECT o.id, o.status, jsonb_array_length(o.history) AS claims FROM trade_offers o JOIN order_items i ON i.delivery_offer_id = o.id WHERE i.listing_id = $1`,
            [listing!.id],
          )) as Array<{ id: string; status: string; claims: number }>,
          waiting: await blockedBehind(sendLock.pid),
        }),
        ({ offer, waiting }) => offer[0]?.status === 'sending' && offer[0].claims === 1 && waiting.length > 0,
        20_000,
      );
      deliveryId = claimed.offer[0]!.id;
      await leader.kill('SIGKILL');
      killedAt = Date.now();
    } finally {
      await sendLock.release();
    }
    // Steam got the offer all the same: the leader died before it heard back.
    await waitFor('Steam holding the offer the leader sent', () => simOffersCarrying(deliveryId!), (offers) => offers.length === 1, 10_000);

    // Started again only once the standby leads: else it could take the bot back first.
    await waitForLeader(standby, 30_000 - (Date.now() - killedAt!));
    const restarted = leader.start();
    try {

      const done = await waitFor(
        'the sale completed by the new leader',
        () => listingState(listing!.id),
        (state) => state.status === 'completed' || state.refunds > 0,
        CLAIM_LEASE_MS + 40_000,
        async () =>
          `delivery offer ${JSON.stringify(await db.query('SELECT status, steam_offer_id, message, history FROM trade_offers WHERE id = $1', [deliveryId!]))}; ` +
          `at Steam ${JSON.stringify(await simOffersCarrying(deliveryId!))}; jobs still active: ${JSON.stringify(await activeJobs())}`,
      );
      expect(done).toMatchObject({ status: 'completed', itemStatus: 'delivered', deliveryOffers: 1, payouts: 1, refunds: 0 });
      const [offer] = (await db.query('SELECT status, steam_offer_id FROM trade_offers WHERE id = $1', [deliveryId!])) as Array<{ status: string; steam_offer_id: string }>;
      expect(offer).toEqual({ status: 'accepted', steam_offer_id: expect.any(String) });
      expect(await simOffersCarrying(deliveryId!)).toEqual([{ tradeofferid: offer!.steam_offer_id, state: 3 }]);
      await restarted;
      expect(await leadsByMetrics(leader), 'the restarted worker stands by').toBe(false);
    } finally {
      await restarted;
    }

    // No offer of this whole run reached Steam twice, and each one followed is the one Steam has.
    const twice = await db.query(
      `SELECT o.id, count(s.tradeofferid)::int AS sent FROM trade_offers o
       LEFT JOIN sim_trade_offers s ON strpos(s.message, '(ref ' || o.id || ')') > 0
       GROUP BY o.id, o.steam_offer_id
       HAVING count(s.tradeofferid) > 1 OR (o.steam_offer_id IS NOT NULL AND NOT COALESCE(bool_or(s.tradeofferid::text = o.steam_offer_id), false))`,
    );
    expect(twice, 'offers sent more than once, or followed under another id than Steam’s').toEqual([]);
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------
// Users and their requests

interface User {
  steamId: string;
  userId: string;
  ip: string;
  cookies: Map<string, string>;
  /** Through nginx, from this user's address. */
  client: TestClient;
}

/** A client of `base` for `user`: its cookies, and its address (which nginx passes on). */
function clientOf(base: string, user: Pick<User, 'ip' | 'cookies'>): TestClient {
  const inner = clientAt(base, user.cookies);
  const withAddress = (headers?: Record<string, string>) => ({ 'x-forwarded-for': user.ip, ...headers });
  return {
    cookies: user.cookies,
    request: (method, requestPath, init = {}) => inner.request(method, requestPath, { ...init, headers: withAddress(init.headers) }),
    get: (requestPath, headers) => inner.get(requestPath, withAddress(headers)),
    post: (requestPath, body, headers) => inner.post(requestPath, body, withAddress(headers)),
  };
}

/** Signs a new user in through the simulated Steam, all through nginx. */
async function signInUser(): Promise<User> {
  const steamId = uniqueSteamId();
  const partial = { ip: uniqueIp(), cookies: new Map<string, string>() };
  const client = clientOf(cluster.url, partial);
  const providerUrl = await startSignIn(client);
  const approved = await fetch(`${providerUrl}&steamid=${steamId}`, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const back = await client.get(approved.headers.get('location')!.slice(cluster.url.length));
  expect(back.status, back.text).toBe(302);
  const [row] = (await db.query('SELECT id FROM users WHERE steam_id = $1', [steamId])) as Array<{ id: string }>;
  return { ...partial, steamId, userId: row!.id, client };
}

/** A signed-in user with a trade URL and `balance` deposited through the simulated checkout. */
async function signInBuyer(balance: string): Promise<User> {
  const user = await signInUser();
  const saved = await user.client.request('PATCH', '/api/user/profile', { body: { tradeUrl: tradeUrlFor(user.steamId) } });
  expect(saved.status, saved.text).toBe(200);
  await fund(user.client, balance);
  return user;
}

interface Purchase {
  key: string;
  /** The last answer. */
  answer: TestResponse;
  /** Every attempt's status, or 'network' for a connection that failed. */
  attempts: Array<number | 'network'>;
}

/** Answers a client cannot tell the outcome from: it sends the same request with the same key again. */
const RETRIED = new Set([502, 503, 504]);

/**
 * POST /api/purchases as a careful client: an answer that may hide either outcome (a gateway error,
 * a 503, a lost connection, the key still being processed) is retried with the same key.
 */
async function purchaseWithRetries(
  buyer: User,
  listingIds: string[],
  key = randomUUID(),
  timeoutMs = 60_000,
  record?: (seen: Seen) => void,
): Promise<Purchase> {
  const attempts: Purchase['attempts'] = [];
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const sentAt = Date.now();
    const answer = await buyer.client.post('/api/purchases', { listingIds }, { 'idempotency-key': key }).catch(() => undefined);
    attempts.push(answer?.status ?? 'network');
    record?.({ what: 'POST /api/purchases', status: answer?.status ?? 'network', sentAt, answeredAt: Date.now() });
    const inProgress = answer?.status === 409 && (answer.body as { code?: string }).code === 'idempotency_key_in_progress';
    if (answer && !RETRIED.has(answer.status) && !inProgress) return { key, answer, attempts };
    if (Date.now() > deadline) throw new Error(`purchase ${key} still not through after ${timeoutMs} ms: ${JSON.stringify(attempts)}`);
    await sleep(200);
  }
}

/** Each key bought its listing once: one order per key, holding that listing, posted to the ledger once. */
async function expectAppliedOnce(plan: Array<{ buyer: User; listing: TakenListing; key: string }>, results: Purchase[]): Promise<void> {
  const orderIds = results.map((result) => (result.answer.body as { orderId: string }).orderId);
  expect(new Set(orderIds).size).toBe(plan.length);
  for (const buyer of new Set(plan.map((entry) => entry.buyer))) {
    const mine = plan.filter((entry) => entry.buyer === buyer);
    const orders = (await db.query(
      `SELECT o.id, array_agg(i.listing_id ORDER BY i.listing_id) AS listings FROM orders o JOIN order_items i ON i.order_id = o.id
       WHERE o.buyer_id = $1 GROUP BY o.id`,
      [buyer.userId],
    )) as Array<{ id: string; listings: string[] }>;
    expect(orders.map((order) => order.id).sort()).toEqual(mine.map((entry) => orderIds[plan.indexOf(entry)]).sort());
    for (const entry of mine) expect(orders.find((order) => order.id === orderIds[plan.indexOf(entry)])!.listings).toEqual([entry.listing.id]);
    const keys = (await db.query('SELECT key, response_status, response_body FROM idempotency_keys WHERE user_id = $1 AND key = ANY($2)', [
      buyer.userId,
      mine.map((entry) => entry.key),
    ])) as Array<{ key: string; response_status: number; response_body: string }>;
    expect(keys).toHaveLength(mine.length);
    for (const row of keys) {
      expect(row.response_status).toBe(201);
      expect((JSON.parse(row.response_body) as { orderId: string }).orderId).toBe(orderIds[plan.findIndex((entry) => entry.key === row.key)]);
    }
  }
  const postings = (await db.query(`SELECT reference FROM ledger_transactions WHERE reference = ANY($1)`, [orderIds.map((id) => `purchase:${id}`)])) as unknown[];
  expect(postings).toHaveLength(plan.length);
}

// ---------------------------------------------------------------------------------------------
// Traffic: every request recorded with its answer and when

interface Seen {
  what: string;
  /** The status, 'network' for a failed connection, 'timeout' for no answer within REQUEST_TIMEOUT_MS. */
  status: number | 'network' | 'timeout';
  sentAt: number;
  answeredAt: number;
}

/** Runs a request with the time limit that tells an answer from a hang. */
async function timed(request: Promise<TestResponse>): Promise<number | 'network' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([request.then((answer) => answer.status, () => 'network' as const), limit]);
  } finally {
    clearTimeout(timer);
  }
}

function startTraffic() {
  const seen: Seen[] = [];
  const loops: Array<Promise<void>> = [];
  let running = true;
  // Never outlives its test, even a failed one.
  onTestFinished(async () => {
    running = false;
    await Promise.all(loops);
  });
  return {
    record: (entry: Seen) => seen.push(entry),
    count: () => seen.length,
    /** Sends one request after another, `pauseMs` apart, until stop(). */
    loop(what: string, send: () => Promise<Seen['status']>, pauseMs = 250) {
      loops.push(
        (async () => {
          while (running) {
            const sentAt = Date.now();
            const status = await send();
            seen.push({ what, status, sentAt, answeredAt: Date.now() });
            await sleep(pauseMs);
          }
        })(),
      );
    },
    async stop(): Promise<Seen[]> {
      running = false;
      await Promise.all(loops);
      return seen.sort((a, b) => a.sentAt - b.sentAt);
    },
  };
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The whole message arrived (not cut off). */
  complete: boolean;
}

/** One request on a connection of its own (none pooled), as a browser's first request to a process. */
function rawRequest(base: string, method: string, requestPath: string, user: User, body: unknown, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${requestPath}`,
      {
        method,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          cookie: [...user.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          'x-forwarded-for': user.ip,
          ...headers,
        },
      },
      (response) => {
        let received = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (received += chunk));
        response.on('close', () => resolve({ status: response.statusCode!, headers: response.headers, text: received, complete: response.complete }));
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}

/** What a new connection to `base` gets: an answer's status, or refused, or closed before any answer. */
function newConnection(base: string): Promise<number | 'refused' | 'closed'> {
  return new Promise((resolve) => {
    const request = http.get(`${base}/healthz`, { agent: false, headers: { connection: 'close' } }, (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : 'closed'));
  });
}

interface ReceivedEvent {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

/**
 * GET /api/events read the way EventSource reads it: `retry:` sets the reconnection delay, `id:`
 * the id a reconnection resumes after (also in a block without data), and a block with data is an
 * event. `ended` says whether the stream was ended (a complete response) or cut off.
 */
async function openEventStream(base: string, user: User, lastEventId?: string) {
  const state = { status: 0, blocks: 0, retry: undefined as number | undefined, lastEventId, events: [] as ReceivedEvent[] };
  let close = () => undefined as void;
  // Wrapped: a promise resolved with a promise would wait for the stream's end.
  const { ended } = await new Promise<{ ended: Promise<'complete' | 'cut'> }>((resolve, reject) => {
    const request = http.get(
      `${base}/api/events`,
      {
        agent: false,
        headers: {
          accept: 'text/event-stream',
          cookie: [...user.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          'x-forwarded-for': user.ip,
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
      },
      (response) => {
        state.status = response.statusCode!;
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            state.blocks++;
            const fields = new Map<string, string>();
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const colon = line.indexOf(':');
              fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''));
            }
            if (fields.has('retry')) state.retry = Number(fields.get('retry'));
            if (fields.has('id')) state.lastEventId = fields.get('id');
            if (fields.has('data')) state.events.push({ id: fields.get('id') ?? '', event: fields.get('event') ?? 'message', data: JSON.parse(fields.get('data')!) as Record<string, unknown> });
          }
        });
        resolve({ ended: new Promise((settle) => response.on('close', () => settle(response.complete ? 'complete' : 'cut'))) });
      },
    );
    request.on('error', reject);
    close = () => void request.destroy();
  });
  return Object.assign(state, { ended, close });
}

// ---------------------------------------------------------------------------------------------
// The database's view: listings, locks, sessions, jobs, the simulated Steam's offers

interface TakenListing {
  id: string;
  priceCents: bigint;
  botAssetid: string;
}

const taken = new Set<string>();

/**
 * Seeded listings on sale, cheapest first, that no other test of this file takes: `active` ones are
 * delivered as soon as they are bought; `holding` ones (the seed ends holds on the hour) are not.
 */
async function takeListings(count: number, status: 'holding' | 'active'): Promise<TakenListing[]> {
  const rows = (await db.query(
    `SELECT id, price_cents::text AS price, bot_assetid FROM listings
     WHERE status = $1 AND sold_at IS NULL AND bot_assetid IS NOT NULL AND NOT (id = ANY($2))
     ORDER BY price_cents, id LIMIT $3`,
    [status, [...taken], count],
  )) as Array<{ id: string; price: string; bot_assetid: string }>;
  expect(rows).toHaveLength(count);
  for (const row of rows) taken.add(row.id);
  return rows.map((row) => ({ id: row.id, priceCents: BigInt(row.price), botAssetid: row.bot_assetid }));
}

/** A listing and its sale as the database has them: statuses, delivery offers, payouts and refunds. */
async function listingState(listingId: string) {
  const [row] = (await db.query(
    `SELECT l.status, i.status AS "itemStatus",
            (SELECT count(*)::int FROM trade_offers o WHERE o.kind = 'delivery' AND o.items @> jsonb_build_array(jsonb_build_object('listingId', l.id::text))) AS "deliveryOffers",
            (SELECT count(*)::int FROM ledger_transactions t WHERE t.reference = 'payout:' || l.id) AS payouts,
            (SELECT count(*)::int FROM ledger_transactions t WHERE t.reference = 'refund:order-item:' || i.id) AS refunds
     FROM listings l LEFT JOIN order_items i ON i.listing_id = l.id WHERE l.id = $1`,
    [listingId],
  )) as Array<{ status: string; itemStatus: string | null; deliveryOffers: number; payouts: number; refunds: number }>;
  return row!;
}

/** The simulated Steam's offers whose message carries our reference to `offerId`. */
async function simOffersCarrying(offerId: string): Promise<Array<{ tradeofferid: string; state: number }>> {
  return (await db.query(`SELECT tradeofferid::text AS tradeofferid, state FROM sim_trade_offers WHERE strpos(message, $1) > 0 ORDER BY tradeofferid`, [
    markerOf(offerId),
  ])) as Array<{ tradeofferid: string; state: number }>;
}

async function activeJobs(): Promise<Array<{ name: string; singletonKey: string | null; startedOn: Date }>> {
  return (await db.query(`SELECT name, singleton_key AS "singletonKey", started_on AS "startedOn" FROM pgboss.job WHERE state = 'active' ORDER BY started_on`)) as Array<{
    name: string;
    singletonKey: string | null;
    startedOn: Date;
  }>;
}

/** A transaction of the test's own holding row locks; `release` rolls it back (idempotent). */
async function holdLocks(sql: string, params: unknown[]): Promise<{ pid: number; release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: cluster.database.url, application_name: 'faults-test-locks' });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  await client.query('BEGIN');
  const locked = await client.query(sql, params);
  expect(locked.rowCount, 'rows locked').toBe(params.flat().length);
  let released: Promise<void> | undefined;
  return {
    pid: rows[0]!.pid,
    release: () => (released ??= client.query('ROLLBACK').then(() => client.end())),
  };
}

interface Backend {
  pid: number;
  clientPort: number;
  blockedBy: number[];
  query: string;
}

async function allBackends(): Promise<Backend[]> {
  return (await db.query(
    `SELECT pid, client_port AS "clientPort", pg_blocking_pids(pid) AS "blockedBy", query FROM pg_stat_activity WHERE client_port IS NOT NULL`,
  )) as Backend[];
}

/** Sessions waiting for a lock that the session `pid` holds. */
async function blockedBehind(pid: number): Promise<Backend[]> {
  return (await allBackends()).filter((backend) => backend.blockedBy.includes(pid));
}

/** Sessions waiting for any lock. */
async function waitingForLocks(): Promise<Backend[]> {
  return (await allBackends()).filter((backend) => backend.blockedBy.length > 0);
}

/** The sessions of `backends` PostgreSQL still has. */
async function stillOpen(backends: Backend[]): Promise<Backend[]> {
  const pids = new Set((await allBackends()).map((backend) => backend.pid));
  return backends.filter((backend) => pids.has(backend.pid));
}

/** The sessions among `backends` whose connection is one of the process's own sockets. */
function ownedBy(owner: ClusterProcess, backends: Backend[]): Backend[] {
  const ports = localPortsOf(owner.pid!);
  return backends.filter((backend) => ports.has(backend.clientPort));
}

/** The local ports of a process's TCP sockets (Linux: its fds' socket inodes, looked up in /proc/net/tcp*). */
function localPortsOf(pid: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket) inodes.add(socket[1]!);
    } catch {
      // Closed while we looked.
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (inodes.has(columns[9]!)) ports.add(Number.parseInt(columns[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

// ---------------------------------------------------------------------------------------------
// The bot's leadership

/** How the leader names itself in /api/bot-status (its host and pid). */
const processNameOf = (worker: ClusterProcess) => `${hostname()}:${worker.pid}`;

/** The worker's `skinmarket_trade_bot_leader` gauge; undefined when its /metrics does not answer. */
async function leadsByMetrics(worker: ClusterProcess): Promise<boolean | undefined> {
  const response = await fetch(`${worker.url}/metrics`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch(() => undefined);
  if (!response?.ok) return undefined;
  const gauge = /^skinmarket_trade_bot_leader(?:\{[^}]*\})? (\S+)$/m.exec(await response.text());
  return gauge ? Number(gauge[1]) === 1 : undefined;
}

/**
 * Waits until exactly one worker leads (`expected` when named): its gauge says so, the others' say
 * not, and /api/bot-status names it. Answers the leader.
 */
async function waitForLeader(expected?: ClusterProcess, timeoutMs = 30_000): Promise<ClusterProcess> {
  const state = await waitFor(
    `${expected?.name ?? 'one worker'} leading the bot`,
    async () => ({
      gauges: await Promise.all(cluster.workers.map(async (worker) => (worker.running ? leadsByMetrics(worker) : false))),
      named: ((await clientAt(cluster.url).get<{ leader: string | null }>('/api/bot-status')).body as { leader: string | null }).leader,
    }),
    ({ gauges, named }) => {
      const leaders = cluster.workers.filter((_worker, i) => gauges[i] === true);
      return leaders.length === 1 && gauges.every((gauge) => gauge !== undefined) && (!expected || leaders[0] === expected) && named === processNameOf(leaders[0]!);
    },
    Math.max(timeoutMs, 0),
  );
  return cluster.workers[state.gauges.indexOf(true)]!;
}

/** The web pods' terminationGracePeriodSeconds in the Kubernetes manifest. */
function webGracePeriodSeconds(): number {
  const manifest = parseYaml(readFileSync(path.join(import.meta.dirname, '../deploy/k8s/base/web.yaml'), 'utf8')) as {
    spec: { template: { spec: { terminationGracePeriodSeconds: number } } };
  };
  return manifest.spec.template.spec.terminationGracePeriodSeconds;
}

// ---------------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `read` (every 50 ms; a read that throws counts as not yet) until `done` holds, and answers
 * that value; past `timeoutMs` fails naming what was awaited, the last value and `explain()`.
 */
async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, explain?: () => Promise<string>): Promise<T> {
  let last: T | Error | undefined;
  for (const deadline = Date.now() + timeoutMs; ; ) {
    try {
      last = await read();
      if (done(last)) return last;
    } catch (error) {
      last = error as Error;
    }
    if (Date.now() > deadline) {
      const detail = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`${what}: not within ${timeoutMs} ms (last: ${detail})${explain ? `; ${await explain().catch(() => '')}` : ''}`);
    }
    await sleep(50);
  }
}
