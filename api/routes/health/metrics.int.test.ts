/**
 * GET /metrics reports the business: purchases, payouts, trade offers by Steam state, jobs waiting
 * per queue, whether the trade bot is online and the ledger's last invariant check. All are read
 * from the database on each scrape, on a database of this file's own (the figures are exact there);
 * when that database goes away, they report nothing and /metrics still answers.
 */
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgerInvariants } from '../../ledger/invariantCheck';
import { capturedLogger } from '../../test/capturedLog';
import { buy, endHold, eventually, listItems, orderItemRow, signInBuyer, signInSeller, sweep } from '../../test/selling';
import { startTestApp, type TestApp } from '../../test/testApp';
import { cloneDatabase } from '../../test/database';

let database: { url: string; drop(): Promise<void> };
let app: TestApp;
beforeAll(async () => {
  database = await cloneDatabase();
  app = await startTestApp({ databaseUrl: database.url, env: { DATABASE_URL: database.url, SIM_TRADE_ACCEPT_MS: '150', TRADE_HOLD_MS: '1000' } });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const BUSINESS_METRICS = [
  'skinmarket_purchases_total',
  'skinmarket_payouts_total',
  'skinmarket_trade_offers_total',
  'skinmarket_jobs_queued',
  'skinmarket_trade_bot_online',
  'skinmarket_ledger_imbalance_cents',
];

/** The samples of each metric on /metrics: name → (label set as written, '' for none) → value. */
async function scrape(): Promise<Map<string, Map<string, number>>> {
  const response = await app.client().get('/metrics');
  expect(response.status).toBe(200);
  const metrics = new Map<string, Map<string, number>>();
  for (const line of response.text.split('\n')) {
    const sample = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) continue;
    const [, name, labels = '', value] = sample;
    if (!metrics.has(name!)) metrics.set(name!, new Map());
    metrics.get(name!)!.set(labels, Number(value));
  }
  return metrics;
}

const only = (value: number) => new Map([['', value]]);

describe('GET /metrics', () => {
  it('counts purchases, payouts, trade offers, waiting jobs, the bot and the ledger check', async () => {
    const before = await scrape();
    expect(before.get('skinmarket_purchases_total')).toEqual(only(0));
    expect(before.get('skinmarket_payouts_total')).toEqual(only(0));
    expect(before.get('skinmarket_trade_offers_total')?.get('state="Accepted"')).toBe(0);
    expect(before.get('skinmarket_trade_bot_online')).toEqual(only(0));
    // No job system has run on this database yet, and no ledger check.
    expect(before.has('skinmarket_jobs_queued')).toBe(false);
    expect(before.has('skinmarket_ledger_imbalance_cents')).toBe(false);

    // A sale: the deposit offer, the purchase, the delivery offer and the seller's payout.
    const seller = await signInSeller(app);
    const [listing] = await listItems(app, seller, 1, '12.34');
    const buyer = await signInBuyer(app, '50.00');
    const sale = await buy(app, buyer, listing!.id);
    await endHold(app, listing!.id);
    const delivered = await eventually(
      async () => {
        await sweep(app);
        return orderItemRow(app, sale.orderItemId);
      },
      (item) => item.status === 'delivered',
    );
    expect(delivered.status).toBe('delivered');
    // The bot reports itself online once started.
    const stopBot = await app.services.bot.start();
    await stopBot();
    // Two jobs waiting in a queue nobody works on.
    const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', supervise: false, schedule: false });
    await boss.start();
    await boss.createQueue('metrics-probe', { name: 'metrics-probe' });
    await boss.send('metrics-probe', { n: 1 });
    await boss.send('metrics-probe', { n: 2 });
    await boss.stop({ graceful: false });
    const check = await checkLedgerInvariants(app.services.dataSource, capturedLogger().logger);

    const after = await scrape();
    for (const name of BUSINESS_METRICS) expect(after.get(name)?.size, name).toBeGreaterThan(0);
    expect(after.get('skinmarket_purchases_total')).toEqual(only(1));
    expect(after.get('skinmarket_payouts_total')).toEqual(only(1));
    const offers = after.get('skinmarket_trade_offers_total')!;
    expect(offers.get('state="Accepted"')).toBe(2);
    expect([...offers].filter(([state]) => state !== 'state="Accepted"').every(([, count]) => count === 0)).toBe(true);
    expect(offers.has('state="NotSent"')).toBe(true);
    expect(after.get('skinmarket_jobs_queued')).toEqual(new Map([['queue="metrics-probe"', 2]]));
    expect(after.get('skinmarket_trade_bot_online')).toEqual(only(1));
    expect(after.get('skinmarket_ledger_imbalance_cents')).toEqual(only(0));
    expect(after.get('skinmarket_ledger_last_check_timestamp_seconds')).toEqual(only(check.checkedAt.getTime() / 1000));
  });

  it('reports nothing read from the database while it is gone, and still answers', async () => {
    await database.drop();
    const gone = await scrape();
    for (const name of [...BUSINESS_METRICS, 'skinmarket_listings_overdue_after_hold']) expect(gone.has(name), name).toBe(false);
    // The process's own figures are still there.
    expect(gone.get('http_requests_total')?.size).toBeGreaterThan(0);
  });
});
