/**
 * Test listings for the market's integration tests, made by the demo seed's own generator and bulk
 * insert (so each one's item really sits in the simulated bot's inventory). Every name carries a
 * `token`, so a test can search for exactly its own listings in a database other tests share.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DataSource } from 'typeorm';
import { inject } from 'vitest';
import { TRADE_HOLD_MS } from '../../../shared/constants';
import { accountIdOf } from '../../../shared/steam';
import { createDataSource } from '../../db/dataSource';
import { SIM_BOT_PERSONA_NAME, SIM_BOT_STEAM_ID } from '../../dev/steam/accounts';
import { type SeedListing } from '../../dev/seed/listingRows';
import { generateSeedListings, insertSeedListings } from '../../dev/seed/marketListings';
import { uniqueSteamId } from '../../test/signIn';
import { type TestClient } from '../../test/testApp';

/** A search token no real item name contains (letters only, so a trigram search can use it). */
export function uniqueToken(): string {
  return `zq${randomBytes(6).toString('hex').replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
}

export interface TestListing {
  id: string;
  name: string;
  priceCents: number;
  sellerId: string;
}

/**
 * Inserts `count` generated listings whose names end in ` ${token}`. `overrides` (per index) may
 * fix the price or anything else of the SeedListing; `sellerSteamId` picks the seller (default: a
 * new one per call).
 */
export async function insertTestListings(
  dataSource: DataSource,
  p: { count: number; token: string; sellerSteamId?: string; overrides?: (index: number) => Partial<SeedListing> },
): Promise<TestListing[]> {
  const seller = { steamId: p.sellerSteamId ?? uniqueSteamId(), personaName: 'Test Seller' };
  const generated = generateSeedListings({ count: p.count, now: new Date(), holdMs: TRADE_HOLD_MS, sellers: [seller] });
  const listings = generated.map((listing, index) => {
    const changed = { ...listing, featured: false, ...p.overrides?.(index) };
    // Unique per call: the seller's asset ids are numbered from the same start in every call.
    return { ...changed, name: `${changed.name} ${p.token}`, sellerAssetid: `${changed.sellerAssetid}${randomBytes(3).readUIntBE(0, 3)}` };
  });
  await dataSource.transaction(async (manager) => {
    await manager.query('INSERT INTO sim_steam_accounts (steam_id, persona_name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      SIM_BOT_STEAM_ID,
      SIM_BOT_PERSONA_NAME,
    ]);
    await insertSeedListings(manager, { botSteamId: SIM_BOT_STEAM_ID, sellers: [seller], listings, publicUrl: 'http://127.0.0.1' });
  });
  const rows = (await dataSource.query('SELECT id, name, price_cents::int AS price_cents, seller_id, seller_assetid FROM listings WHERE name LIKE $1', [
    `% ${p.token}`,
  ])) as Array<{ id: string; name: string; price_cents: number; seller_id: string; seller_assetid: string }>;
  // In the order generated (overrides are by index).
  const byAsset = new Map(rows.map((row) => [row.seller_assetid, row]));
  return listings.map((listing) => {
    const row = byAsset.get(listing.sellerAssetid)!;
    return { id: row.id, name: row.name, priceCents: row.price_cents, sellerId: row.seller_id };
  });
}

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
