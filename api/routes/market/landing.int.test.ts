import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MarketItem, type MarketStats } from '../../../shared/schemas/market';
import { type Listing, OrderItem } from '../../entities';
import { createFeaturedListings } from '../../market/featured';
import { createMarketStats, formatSuccessRate } from '../../market/stats';
import { buildListings, settleOrderItem, uniqueToken } from '../../test/factories';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { startTestApp, type TestApp } from '../../test/testApp';
import { fund, idempotencyKey } from '../../test/wallet';
import { saveTradeUrl } from './fixtures';
import { testDatabaseUrl } from '../../test/database';

let app: TestApp;
let listed: Listing[];
beforeAll(async () => {
  app = await startTestApp();
  const prices = Array.from({ length: 30 }, (_, i) => 1000n + BigInt(i) * 100n);
  listed = await buildListings(app.services.dataSource, { count: 30, token: uniqueToken(), overrides: (i) => ({ priceCents: prices[i]! }) });
});
afterAll(async () => {
  await app.close();
});

const ops = (...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'ops/cli.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: { ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'silent' },
  });

// The featured read itself, uncached (the route keeps its answer a few seconds; the ops command runs in another process).
const featured = () => createFeaturedListings(app.services.dataSource, 0).get();
const byPriceDesc = (listings: Listing[]) => [...listings].sort((a, b) => (a.priceCents < b.priceCents ? 1 : a.priceCents > b.priceCents ? -1 : 0));

describe('GET /api/featured-skins', () => {
  it('without flagged listings: the 8 most valuable available ones, as market items', async () => {
    const response = await app.client().get<MarketItem[]>('/api/featured-skins');
    expect(response.status).toBe(200);
    expect(response.body.map((item) => item.id)).toEqual(byPriceDesc(listed).slice(0, 8).map((listing) => listing.id));
    expect(response.body[0]).toMatchObject({ price: '39.00', tradableAt: expect.any(String), paintSeed: expect.anything() });
    expect((await featured()).map((item) => item.id)).toEqual(response.body.map((item) => item.id));
  });

  it('listings an operator flags come first (most valuable first), the rest fill up; --off takes them back', async () => {
    const [cheap, cheaper] = [listed[5]!, listed[2]!];
    const done = await ops('feature', cheaper.id);
    expect(done.stdout).toContain('is featured');
    await ops('feature', cheap.id);
    const rest = byPriceDesc(listed.filter((listing) => listing !== cheap && listing !== cheaper)).slice(0, 6);
    expect((await featured()).map((item) => item.id)).toEqual([cheap.id, cheaper.id, ...rest.map((listing) => listing.id)]);
    const [row] = await app.services.dataSource.query(`SELECT actor FROM audit_log WHERE action = 'listing.featured' AND subject_id = $1`, [cheap.id]);
    expect(row.actor).toBe('system:cli');

    // A flagged listing shows only while it is available.
    await app.services.dataSource.query('UPDATE listings SET sold_at = now() WHERE id = $1', [cheaper.id]);
    expect((await featured()).map((item) => item.id).slice(0, 2)).toEqual([cheap.id, byPriceDesc(listed)[0]!.id]);
    await app.services.dataSource.query('UPDATE listings SET sold_at = NULL WHERE id = $1', [cheaper.id]);

    await ops('feature', cheap.id, '--off');
    await ops('feature', cheaper.id, '--off');
    expect((await featured()).map((item) => item.id)).toEqual(byPriceDesc(listed).slice(0, 8).map((listing) => listing.id));
    await expect(ops('feature', '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ stderr: expect.stringContaining('No listing') });
  });
});

describe('GET /api/market-stats', () => {
  it('counts traders, the last 24 hours of purchases, available skins and settled deliveries', async () => {
    const compute = createMarketStats(app.services.dataSource, 0);
    expect(await compute()).toEqual({ totalTraders: 1, dailyVolume: '$0.00', totalSkins: 30, successRate: '100.0%' });

    const steamId = uniqueSteamId();
    const buyer = await signIn(app, steamId);
    await saveTradeUrl(buyer, steamId);
    await fund(buyer, '1000.00');
    const bought = byPriceDesc(listed).slice(0, 3);
    const response = await buyer.post<{ orderId: string }>('/api/purchases', { listingIds: bought.map((listing) => listing.id) }, idempotencyKey());
    expect(response.status).toBe(201);
    // 39.00 + 38.00 + 37.00
    expect(await compute()).toEqual({ totalTraders: 2, dailyVolume: '$114.00', totalSkins: 27, successRate: '100.0%' });

    const { dataSource } = app.services;
    // Two deliveries succeed (the seller is paid), one fails (the buyer is refunded), settled as the market does.
    for (const item of await dataSource.getRepository(OrderItem).findBy({ orderId: response.body.orderId })) {
      await settleOrderItem(app.services, item, item.listingId === bought[2]!.id ? 'failed' : 'delivered');
    }
    // The refunded item leaves the volume.
    expect(await compute()).toMatchObject({ dailyVolume: '$77.00', successRate: '66.6%' });
    // Purchases older than a day leave it too.
    await dataSource.query(`UPDATE orders SET created_at = now() - interval '25 hours' WHERE id = $1`, [response.body.orderId]);
    expect((await compute()).dailyVolume).toBe('$0.00');
  });

  it('answers over HTTP and keeps its figures for a while (cached per process)', async () => {
    const first = await app.client().get<MarketStats>('/api/market-stats');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ totalTraders: expect.any(Number), dailyVolume: expect.stringMatching(/^\$[\d,]+\.\d\d$/), totalSkins: expect.any(Number), successRate: expect.stringMatching(/^\d+\.\d%$/) });
    await app.services.dataSource.query('UPDATE listings SET sold_at = now() WHERE id = $1', [listed[0]!.id]);
    expect((await app.client().get<MarketStats>('/api/market-stats')).body).toEqual(first.body);
  });

  it('formats the success rate with one decimal, never rounding a failure up to 100%', () => {
    expect(formatSuccessRate(0n, 0n)).toBe('100.0%');
    expect(formatSuccessRate(998n, 2n)).toBe('99.8%');
    expect(formatSuccessRate(9999n, 1n)).toBe('99.9%');
    expect(formatSuccessRate(0n, 3n)).toBe('0.0%');
    expect(formatSuccessRate(1n, 0n)).toBe('100.0%');
  });
});
