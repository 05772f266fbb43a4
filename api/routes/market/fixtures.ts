/**
 * Test listings for the market's integration tests, made by the demo seed's own generator and bulk
 * insert (so each one's item really sits in the simulated bot's inventory). Every name carries a
 * `token`, so a test can search for exactly its own listings in a database other tests share.
 */
import { randomBytes } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { TRADE_HOLD_MS } from '../../../shared/constants';
import { accountIdOf } from '../../../shared/steam';
import { SIM_BOT_PERSONA_NAME, SIM_BOT_STEAM_ID } from '../../dev/steam/accounts';
import { generateSeedListings, insertSeedListings, type SeedListing } from '../../dev/seed/marketListings';
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
  const rows = (await dataSource.query(
    `SELECT id, name, price_cents::int AS price_cents, seller_id FROM listings WHERE name LIKE $1 ORDER BY created_at, id`,
    [`% ${p.token}`],
  )) as Array<{ id: string; name: string; price_cents: number; seller_id: string }>;
  return rows.map((row) => ({ id: row.id, name: row.name, priceCents: row.price_cents, sellerId: row.seller_id }));
}

export const tradeUrlFor = (steamId: string) => `https://steamcommunity.com/tradeoffer/new/?partner=${accountIdOf(steamId)}&token=Buyer_1`;

/** Saves the signed-in client's own trade URL (buyers need one). */
export async function saveTradeUrl(client: TestClient, steamId: string): Promise<void> {
  const response = await client.request('PATCH', '/api/user/profile', { body: { tradeUrl: tradeUrlFor(steamId) } });
  if (response.status !== 200) throw new Error(`saving the trade URL answered ${response.status}: ${response.text}`);
}
