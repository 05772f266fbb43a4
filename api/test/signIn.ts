/**
 * Signs a test client in the way a browser does: /auth/steam → the simulated Steam's provider
 * (approving `steamId` at once) → /auth/steam/return. Every hop is real HTTP.
 */
import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { type TestApp, type TestClient } from './testApp';

export async function startSignIn(client: TestClient): Promise<string> {
  const start = await client.get('/auth/steam');
  expect(start.status).toBe(302);
  return start.headers.get('location')!;
}

/** The provider's redirect back to us carrying a positive assertion for `steamId`. */
export async function assertionFor(app: TestApp, providerUrl: string, steamId: string): Promise<string> {
  const approved = await fetch(`${providerUrl}&steamid=${steamId}`, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const location = approved.headers.get('location')!;
  expect(location.startsWith(`${app.url}/auth/steam/return?`)).toBe(true);
  return location.slice(app.url.length);
}

export async function signIn(app: TestApp, steamId: string, client = app.client()): Promise<TestClient> {
  const providerUrl = await startSignIn(client);
  const back = await client.get(await assertionFor(app, providerUrl, steamId));
  expect(back.status).toBe(302);
  expect(back.headers.get('location')).toBe('/');
  return client;
}

/** A steamid64 no other test uses (the simulated Steam generates its profile and inventory). */
export function uniqueSteamId(): string {
  // 76561198 + 9 digits is above the individual-account base and clear of the demo accounts.
  return `76561198${100_000_000 + randomInt(900_000_000)}`;
}
