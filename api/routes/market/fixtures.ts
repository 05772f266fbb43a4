/**
 * Helpers of the market's integration tests: a buyer's trade URL, and a database of a test's own.
 * Listings, users and orders come from api/test/factories.ts.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { accountIdOf } from '../../../shared/steam';
import { createDataSource } from '../../db/dataSource';
import { type TestClient } from '../../test/testApp';

export const tradeUrlFor = (steamId: string) => `https://steamcommunity.com/tradeoffer/new/?partner=${accountIdOf(steamId)}&token=Buyer_1`;

/** Saves the signed-in client's own trade URL (buyers need one). */
export async function saveTradeUrl(client: TestClient, steamId: string): Promise<void> {
  const response = await client.request('PATCH', '/api/user/profile', { body: { tradeUrl: tradeUrlFor(steamId) } });
  if (response.status !== 200) throw new Error(`saving the trade URL answered ${response.status}: ${response.text}`);
}

/**
 * A migrated database of the test's own on the run's PostgreSQL server, for tests that need exact
 * figures (market stats, the seed) while other test files write to the shared one.
 */
export async function privateDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const shared = new URL(inject('databaseUrl'));
  const name = `sm_test_${label}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const adminUrl = new URL(shared);
  adminUrl.pathname = '/postgres';
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  const url = new URL(shared);
  url.pathname = `/${name}`;
  const migrator = createDataSource(url.toString(), { poolSize: 1 });
  await migrator.initialize();
  await migrator.runMigrations({ transaction: 'each' });
  await migrator.destroy();
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`) };
}
