import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsd } from '../../shared/money';
import { type Listing, OrderItem } from '../entities';
import { saveTradeUrl } from '../routes/market/fixtures';
import { testDatabaseUrl } from '../test/database';
import { buildListings, uniqueToken } from '../test/factories';
import { balanceCents, listingRow, sweep } from '../test/selling';
import { signIn, uniqueSteamId } from '../test/signIn';
import { startTestApp, type TestApp, type TestClient } from '../test/testApp';
import { fund, idempotencyKey } from '../test/wallet';
import { OVERDUE_AFTER_MS } from './overdueHolds';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const HOUR = 60 * 60 * 1000;

async function overdueOnMetrics(): Promise<{ unsold: number; sold: number }> {
  const response = await app.client().get('/metrics');
  expect(response.status).toBe(200);
  const read = (sold: boolean) => {
    const line = response.text.split('\n').find((row) => row.startsWith(`skinmarket_listings_overdue_after_hold{sold="${sold}"} `));
    return line === undefined ? Number.NaN : Number(line.split(' ')[1]);
  };
  return { unsold: read(false), sold: read(true) };
}

async function buy(listing: Listing): Promise<TestClient> {
  const steamId = uniqueSteamId();
  const buyer = await signIn(app, steamId);
  await saveTradeUrl(buyer, steamId);
  await fund(buyer, '500.00');
  const bought = await buyer.post('/api/purchases', { listingIds: [listing.id] }, idempotencyKey());
  expect(bought.status, bought.text).toBe(201);
  return buyer;
}

const ops = (...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'ops/cli.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'silent', OPERATOR: 'overdue-test' },
  });

// Set by the second test: a sold listing whose item the bot lost, and its buyer.
let lost: Listing;
let lostBuyer: TestClient;

describe('listings overdue after their hold, on /metrics', () => {
  it('counts the ones still waiting over an hour after their hold ended, sold ones apart', async () => {
    const now = Date.now();
    const [overdueHolding, soldHolding, soldActive, recentlyEnded, inProtection, onSale] = await buildListings(app.services.dataSource, {
      count: 6,
      token: uniqueToken(),
      overrides: (index) =>
        [
          { status: 'holding' as const, holdEndTime: new Date(now - 2 * HOUR) },
          { status: 'holding' as const, holdEndTime: new Date(now - 3 * HOUR) },
          { status: 'active' as const, holdEndTime: new Date(now - 5 * HOUR) },
          { status: 'holding' as const, holdEndTime: new Date(now - OVERDUE_AFTER_MS / 2) },
          { status: 'holding' as const, holdEndTime: new Date(now + 24 * HOUR) },
          { status: 'active' as const, holdEndTime: new Date(now - 5 * HOUR) },
        ][index]!,
    });
    expect([overdueHolding, recentlyEnded, inProtection, onSale].every(Boolean)).toBe(true);
    expect(await overdueOnMetrics()).toEqual({ unsold: 2, sold: 0 });

    await buy(soldHolding!);
    await buy(soldActive!);
    expect(await overdueOnMetrics()).toEqual({ unsold: 1, sold: 2 });
  });

  it('keeps counting one whose item the bot no longer holds, while the sweep moves the rest on', async () => {
    const [gone, delivering] = await buildListings(app.services.dataSource, {
      count: 2,
      token: uniqueToken(),
      overrides: () => ({ status: 'holding' as const, holdEndTime: new Date(Date.now() - 2 * HOUR) }),
    });
    lost = gone!;
    lostBuyer = await buy(lost);
    await buy(delivering!);
    // Gone from the bot's inventory with no reversal in its trade history.
    const row = await listingRow(app, lost.id);
    await app.services.dataSource.query('DELETE FROM sim_steam_items WHERE assetid = $1', [row.botAssetid]);
    expect(await overdueOnMetrics()).toEqual({ unsold: 1, sold: 4 });

    await sweep(app);
    expect((await listingRow(app, lost.id)).status).toBe('holding');
    expect((await listingRow(app, delivering!.id)).status).toBe('payment_pending');
    expect(await overdueOnMetrics()).toEqual({ unsold: 0, sold: 1 });
  });

  it('an operator lists it and cancels it as lost: the buyer gets the price back, the seller nothing', async () => {
    const listed = await ops('overdue-holds');
    expect(listed.stdout).toContain(lost.id);

    const sellerBefore = await balanceCents(app, lost.sellerId);
    const cancelled = await ops('cancel-lost-listing', lost.id);
    expect(cancelled.stdout).toContain(`the buyer got ${formatUsd(lost.priceCents)} back`);

    const row = await listingRow(app, lost.id);
    expect({ status: row.status, cancelReason: row.cancelReason }).toEqual({ status: 'cancelled', cancelReason: 'item_lost' });
    const item = await app.services.dataSource.getRepository(OrderItem).findOneByOrFail({ listingId: lost.id });
    expect(item.status).toBe('failed');
    expect(item.refundedAt).not.toBeNull();
    expect((await lostBuyer.get<{ balance: string }>('/api/user')).body.balance).toBe('500.00');
    expect(await balanceCents(app, lost.sellerId)).toBe(sellerBefore);
    expect(await overdueOnMetrics()).toEqual({ unsold: 0, sold: 0 });
    expect((await ops('overdue-holds')).stdout).toContain('No overdue holds.');

    // Twice changes nothing.
    expect((await ops('cancel-lost-listing', lost.id)).stdout).toContain('already cancelled as lost');
    expect((await lostBuyer.get<{ balance: string }>('/api/user')).body.balance).toBe('500.00');
  });

  it('refuses a listing that is not an overdue hold, and changes nothing', async () => {
    const [recent] = await buildListings(app.services.dataSource, {
      count: 1,
      token: uniqueToken(),
      overrides: () => ({ status: 'holding' as const, holdEndTime: new Date(Date.now() - OVERDUE_AFTER_MS / 2) }),
    });
    const refused = await ops('cancel-lost-listing', recent!.id).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('is not an overdue hold');
    expect((await listingRow(app, recent!.id)).status).toBe('holding');
  });
});
