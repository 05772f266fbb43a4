/**
 * An item's price history and latest sales over HTTP, on a real PostgreSQL: daily buckets in UTC
 * exact to the cent, the latest sale and the cheapest listing buyers can buy, the periods and
 * limits the API accepts, and names it refuses. Each test uses a name of its own (the answers are
 * kept a few seconds per process).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceHistoryAnswer, recentSalesAnswer, type PriceHistory, type RecentSales } from '../../../shared/answers/items';
import { parseAnswer, type AnswerSchema } from '../../../shared/answers/z';
import { buildListings, buildSales, uniqueToken } from '../../test/factories';
import { startTestApp, type TestApp, type TestResponse } from '../../test/testApp';

const DAY_MS = 24 * 60 * 60 * 1000;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const uniqueName = () => `AK-47 | Redline ${uniqueToken()} (Field-Tested)`;
const itemPath = (name: string, rest: string) => `/api/items/${encodeURIComponent(name)}/${rest}`;
/** Midnight UTC, `days` days before today's. */
const utcMidnight = (days: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - days * DAY_MS);
const utcDate = (days: number) => utcMidnight(days).toISOString().slice(0, 10);
const at = (days: number, ms: number) => new Date(utcMidnight(days).getTime() + ms);

function parsed<T>(response: TestResponse, schema: AnswerSchema<T>): T {
  expect(response.status, response.text).toBe(200);
  const result = parseAnswer(schema, response.body);
  if (!result.ok) expect.fail(result.problem);
  return result.value;
}

const history = async (name: string, query = '') => parsed<PriceHistory>(await app.client().get(itemPath(name, `price-history${query}`)), priceHistoryAnswer);
const sales = async (name: string, query = '') => parsed<RecentSales>(await app.client().get(itemPath(name, `sales${query}`)), recentSalesAnswer);

/** The answer is the API's validation error naming `field`. */
function expectRefused(response: TestResponse, field: string) {
  expect(response.status, response.text).toBe(400);
  expect(response.body).toEqual({ message: expect.any(String), code: 'validation_failed', fields: { [field]: expect.any(String) } });
}

describe('GET /api/items/:marketHashName/price-history', () => {
  it('buckets the sales by UTC day: median, low, high and volume exact to the cent', async () => {
    const name = uniqueName();
    await buildSales(app.services.dataSource, name, [
      // Two days ago, from its first millisecond: an even count, so the median is the mean of the two
      // middle prices (10.02 and 10.03) rounded half up to the cent.
      { priceCents: 1001n, soldAt: at(2, 0) },
      { priceCents: 1010n, soldAt: at(2, 3_600_000) },
      { priceCents: 1003n, soldAt: at(2, 7_200_000) },
      { priceCents: 1002n, soldAt: at(2, DAY_MS - 1) },
      // Yesterday: one sale.
      { priceCents: 500n, soldAt: at(1, 12 * 3_600_000) },
      // Today, from midnight UTC: an odd count, the median is the middle price.
      { priceCents: 9_999_999n, soldAt: at(0, 0) },
      { priceCents: 1n, soldAt: at(0, 1) },
      { priceCents: 50n, soldAt: at(0, 2) },
      // Before the 7 days: only the longer periods hold it.
      { priceCents: 777n, soldAt: at(7, DAY_MS - 1) },
    ]);
    // Another item's sales are not this one's.
    await buildSales(app.services.dataSource, `${name}x`, [{ priceCents: 1n, soldAt: at(1, 0) }]);

    const week = await history(name, '?days=7');
    expect(week).toEqual({
      marketHashName: name,
      points: [
        { date: utcDate(2), median: '10.03', low: '10.01', high: '10.10', volume: 4 },
        { date: utcDate(1), median: '5.00', low: '5.00', high: '5.00', volume: 1 },
        { date: utcDate(0), median: '0.50', low: '0.01', high: '99999.99', volume: 3 },
      ],
      // The week's 8 sales: the middle two are 10.01 and 10.02, their mean rounds half up.
      period: { median: '10.02', low: '0.01', high: '99999.99', volume: 8 },
      lastSale: '0.50',
      lowestListing: null,
      highestBuyOrder: null,
    });
    expect((await history(name, '?days=30')).points).toEqual([{ date: utcDate(7), median: '7.77', low: '7.77', high: '7.77', volume: 1 }, ...week.points]);
  });

  it('takes 30 days unless asked for 7, 90 or 365, and refuses any other period', async () => {
    const name = uniqueName();
    await buildSales(app.services.dataSource, name, [
      { priceCents: 100n, soldAt: at(29, 0) },
      { priceCents: 200n, soldAt: at(30, DAY_MS - 1) },
      { priceCents: 300n, soldAt: at(89, 0) },
      { priceCents: 400n, soldAt: at(364, 0) },
      { priceCents: 500n, soldAt: at(365, DAY_MS - 1) },
    ]);
    const volumes = async (query: string) => (await history(name, query)).points.reduce((sum, point) => sum + point.volume, 0);
    expect(await volumes('')).toBe(1);
    expect(await volumes('?days=30')).toBe(1);
    expect(await volumes('?days=90')).toBe(3);
    expect(await volumes('?days=365')).toBe(4);

    for (const days of ['8', '0', '-7', '30.0', 'abc', '', '1e1']) expectRefused(await app.client().get(itemPath(name, `price-history?days=${days}`)), 'days');
    expectRefused(await app.client().get(itemPath(name, 'price-history?days=7&days=30')), 'days');
    expectRefused(await app.client().get(itemPath(name, 'price-history?limit=7')), 'limit');
  });

  it('answers the latest sale whenever it was, and the cheapest listing buyers can buy now', async () => {
    const name = uniqueName();
    await buildSales(app.services.dataSource, name, [
      { priceCents: 4_000n, soldAt: at(200, 0) },
      { priceCents: 4_100n, soldAt: at(100, 0) },
    ]);
    const listings = [
      { priceCents: 3_000n, status: 'active' as const },
      { priceCents: 2_000n, status: 'holding' as const },
      // Sold, cancelled and completed listings cannot be bought.
      { priceCents: 1_000n, status: 'active' as const, soldAt: new Date() },
      { priceCents: 500n, status: 'cancelled' as const },
      { priceCents: 400n, status: 'completed' as const, soldAt: new Date() },
    ];
    await buildListings(app.services.dataSource, { count: listings.length, overrides: (index) => ({ ...listings[index], marketHashName: name }) });
    // A cheaper listing of another item is not this one's.
    await buildListings(app.services.dataSource, { count: 1, overrides: () => ({ priceCents: 1n, marketHashName: `${name}x` }) });

    expect(await history(name, '?days=7')).toEqual({ marketHashName: name, points: [], period: { median: null, low: null, high: null, volume: 0 }, lastSale: '41.00', lowestListing: '20.00', highestBuyOrder: null });
  });

  it('answers a name nothing was sold or listed under with an empty history, and refuses names no item has', async () => {
    const name = `Nothing ★ StatTrak™ | 100% / (Souvenir) ${uniqueToken()}`;
    expect(await history(name)).toEqual({ marketHashName: name, points: [], period: { median: null, low: null, high: null, volume: 0 }, lastSale: null, lowestListing: null, highestBuyOrder: null });

    expectRefused(await app.client().get(itemPath('x'.repeat(201), 'price-history')), 'marketHashName');
    expect((await app.client().get(itemPath('x'.repeat(200), 'price-history'))).status).toBe(200);
    for (const control of ['\u0000', '\u001b[2J', '\n', '\u202e']) {
      expectRefused(await app.client().get(itemPath(`AK-47 ${control}`, 'price-history')), 'marketHashName');
      expectRefused(await app.client().get(itemPath(`AK-47 ${control}`, 'sales')), 'marketHashName');
    }
  });

  it('is public: answered without signing in, and no session is started', async () => {
    const response = await app.client().get(itemPath(uniqueName(), 'price-history'));
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/items/:marketHashName/sales', () => {
  it('answers the latest sales, newest first: 20 unless asked for 1 to 100', async () => {
    const name = uniqueName();
    const sold = Array.from({ length: 25 }, (_, index) => ({ priceCents: BigInt(100 + index), soldAt: at(0, index * 1000), float: index === 24 ? null : index / 100 }));
    await buildSales(app.services.dataSource, name, sold);

    const latest = await sales(name);
    expect(latest.sales).toHaveLength(20);
    expect(latest.sales[0]).toEqual({ price: '1.24', float: null, soldAt: at(0, 24_000).toISOString() });
    expect(latest.sales[1]).toEqual({ price: '1.23', float: 0.23, soldAt: at(0, 23_000).toISOString() });
    expect(latest.sales.map((sale) => sale.soldAt)).toEqual([...latest.sales.map((sale) => sale.soldAt)].sort().reverse());
    expect((await sales(name, '?limit=2')).sales.map((sale) => sale.price)).toEqual(['1.24', '1.23']);
    expect((await sales(name, '?limit=100')).sales).toHaveLength(25);
    expect(await sales(uniqueName())).toEqual({ sales: [] });

    for (const limit of ['0', '101', '1.5', 'abc', '', '-1']) expectRefused(await app.client().get(itemPath(name, `sales?limit=${limit}`)), 'limit');
    expectRefused(await app.client().get(itemPath(name, 'sales?days=7')), 'days');
  });
});
