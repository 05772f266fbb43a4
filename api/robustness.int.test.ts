/**
 * Robustness of the whole API: every route of the API router — discovered from
 * the router itself, so a new endpoint is covered the day it lands — gets thousands of generated
 * malformed bodies, queries, path ids and headers. None may answer 5xx, and none may write
 * anything for the signed-in user. Every non-public route answers 401 without a session, and every
 * state-changing route refuses a cross-site request with 403.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouter } from './routes';
import { signIn, uniqueSteamId } from './test/signIn';
import { startTestApp, type TestApp, type TestClient } from './test/testApp';
import { fund } from './test/wallet';

let app: TestApp;
let client: TestClient;
let userId: string;

/** Routes anybody may call without signing in. Adding one here is a deliberate decision. */
const PUBLIC_ROUTES = new Set([
  'GET /api/login',
  'GET /api/bot-status',
  'GET /api/skins',
  'GET /api/skins/:id',
  'GET /api/featured-skins',
  'GET /api/market-stats',
  'GET /api/items/:marketHashName/price-history',
  'GET /api/items/:marketHashName/sales',
  'GET /api/items/:marketHashName/buy-orders',
  'GET /api/push/public-key',
  'POST /api/contact',
  'POST /api/issue-reports',
  'POST /api/webhooks/payments',
]);

interface Route {
  method: string;
  path: string;
}

function routesOf(testApp: TestApp): Route[] {
  const seen = new Map<string, Route>();
  for (const layer of apiRouter(testApp.services).stack) {
    for (const method of layer.methods) {
      if (method === 'HEAD') continue;
      seen.set(`${method} ${String(layer.path)}`, { method, path: String(layer.path) });
    }
  }
  return [...seen.values()];
}

/** Everything the signed-in user owns, as row counts: a refused request must leave them all as they were. */
async function footprint(): Promise<Record<string, unknown>> {
  const [row] = (await app.services.dataSource.query(
    `SELECT
       (SELECT version FROM users WHERE id = $1) AS version,
       (SELECT count(*) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.user_id = $1)::int AS entries,
       (SELECT count(*) FROM deposits WHERE user_id = $1)::int AS deposits,
       (SELECT count(*) FROM withdrawals WHERE user_id = $1)::int AS withdrawals,
       (SELECT count(*) FROM payment_methods WHERE user_id = $1)::int AS methods,
       (SELECT count(*) FROM trade_offers WHERE user_id = $1)::int AS offers,
       (SELECT count(*) FROM listings WHERE seller_id = $1)::int AS listings,
       (SELECT count(*) FROM orders WHERE buyer_id = $1)::int AS orders`,
    [userId],
  )) as Array<Record<string, unknown>>;
  return row!;
}

/** Path parameters: ids of every wrong shape, including ones that look right. */
const pathParam = fc.oneof(
  fc.uuid(),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.constantFrom('0', '-1', '00000000-0000-0000-0000-000000000000', '%00', '..', 'null', 'undefined', 'x'.repeat(300), '😀', "1' OR '1'='1"),
);

/** Cursors shaped like the API's own (base64url of fields) but holding values it never handed out. */
const forgedCursors = ['{"id":"x"}', '2024-01-01T00:00:00.000Z|abc', '2024-01-01T00:00:00.000Z|1', 'x|y|z', '{"k":[1,"a"],"id":"zz"}', '["price_desc",12,"x"]'].map((text) =>
  Buffer.from(text).toString('base64url'),
);

/** A query string of random keys and values, plus values of the right keys gone wrong. */
const randomQuery = fc
  .array(
    fc.tuple(
      fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('cursor', 'limit', 'sort', 'minPrice', 'maxPrice', 'rarity', 'statTrak', 'search', 'refresh', '__proto__', 'toString', 'constructor')),
      fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('-1', '1e309', 'NaN', '0.001', 'true', 'x'.repeat(600), '%E0%A4%A', ...forgedCursors)),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&'));
const queryString = fc.oneof(randomQuery, fc.constantFrom(...forgedCursors).map((cursor) => `cursor=${cursor}`));

/** Bodies: any JSON at all, objects with near-miss fields, and text that is not JSON. */
const body = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .dictionary(
      fc.constantFrom('amount', 'price', 'items', 'listingIds', 'tradeUrl', 'displayName', 'email', 'type', 'method', 'paymentMethodId', 'assetid', 'message'),
      fc.oneof(fc.jsonValue(), fc.constantFrom('-5.00', '1e2', '0.001', 'NaN', '', null, [], {}, 1e300)),
    )
    .map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('{', '[1,', '{"a":', 'null', '"\\ud800"', '{"__proto__":{"admin":true}}'),
);

const headers = fc.record(
  {
    'idempotency-key': fc.oneof(fc.string({ maxLength: 300 }), fc.uuid()),
    'if-match': fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String)),
    'content-type': fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'),
    'last-event-id': fc.string({ maxLength: 30 }),
  },
  { requiredKeys: [] },
);

function concretePath(path: string, value: string): string {
  return path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(value));
}

const clean = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).filter(([, value]) => /^[\x20-\x7e]*$/.test(value)));

beforeAll(async () => {
  app = await startTestApp();
  client = await signIn(app, uniqueSteamId());
  await fund(client, '50.00');
  const me = await client.get<{ steamId: string }>('/api/user');
  userId = ((await app.services.dataSource.query('SELECT id FROM users WHERE steam_id = $1', [me.body.steamId])) as Array<{ id: string }>)[0]!.id;
});
afterAll(() => app.close());

describe('every API route', () => {
  it('is discovered from the router', () => {
    const routes = routesOf(app).map((route) => `${route.method} ${route.path}`);
    expect(routes).toContain('GET /api/user');
    expect(routes).toContain('POST /api/withdrawals');
  });

  it('answers generated malformed requests without a 5xx and without writing anything', { timeout: 240_000 }, async () => {
    const before = await footprint();
    const failures: string[] = [];
    for (const route of routesOf(app)) {
      // Event streams stay open; they are tested on their own.
      if (route.path === '/api/events') continue;
      // fc.check (not assert): keep going, so one run names every failing route; the property records them.
      await fc.check(
        fc.asyncProperty(pathParam, queryString, body, headers, async (param, query, rawBody, extraHeaders) => {
          const hasBody = !['GET', 'DELETE'].includes(route.method);
          const target = `${concretePath(route.path, param)}${query ? `?${query}` : ''}`;
          const response = await client.request(route.method, target, {
            raw: hasBody ? rawBody : undefined,
            headers: { ...clean(extraHeaders), ...(hasBody ? {} : { 'content-type': 'application/json' }) },
          });
          if (response.status >= 500) failures.push(`${route.method} ${target} → ${response.status} ${response.text.slice(0, 200)}`);
          return response.status < 500;
        }),
        { numRuns: 60, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
    expect(await footprint()).toEqual(before);
  });

  it('answers 401 without a session unless it is public', async () => {
    const anonymous = app.client();
    const open: string[] = [];
    for (const route of routesOf(app)) {
      const name = `${route.method} ${route.path}`;
      if (PUBLIC_ROUTES.has(name)) continue;
      const response = await anonymous.request(route.method, concretePath(route.path, '00000000-0000-4000-8000-000000000000'), {
        raw: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'robustness-0001' },
      });
      if (response.status !== 401) open.push(`${name} → ${response.status}`);
    }
    expect(open).toEqual([]);
  });

  it('refuses every state-changing request from another site with 403', async () => {
    const allowed: string[] = [];
    for (const route of routesOf(app)) {
      if (route.method === 'GET' || route.path === '/api/webhooks/payments') continue;
      const response = await client.request(route.method, concretePath(route.path, '00000000-0000-4000-8000-000000000000'), {
        raw: '{}',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      if (response.status !== 403) allowed.push(`${route.method} ${route.path} → ${response.status}`);
    }
    expect(allowed).toEqual([]);
  });
});
