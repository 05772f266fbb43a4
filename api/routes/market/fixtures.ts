/**
 * Helpers of the market's integration tests: a buyer's trade URL.
 * Listings, users and orders come from api/test/factories.ts.
 */
import { accountIdOf } from '../../../shared/steam';
import { type TestClient } from '../../test/testApp';

export const tradeUrlFor = (steamId: string) => `https://steamcommunity.com/tradeoffer/new/?partner=${accountIdOf(steamId)}&token=Buyer_1`;

/** Saves the signed-in client's own trade URL (buyers need one). */
export async function saveTradeUrl(client: TestClient, steamId: string): Promise<void> {
  const response = await client.request('PATCH', '/api/user/profile', { body: { tradeUrl: tradeUrlFor(steamId) } });
  if (response.status !== 200) throw new Error(`saving the trade URL answered ${response.status}: ${response.text}`);
}
