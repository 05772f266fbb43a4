import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RARITIES } from '../../../shared/constants';
import { type InventoryResponse } from '../../../shared/schemas/inventory';
import { PRIVATE_INVENTORY_STEAM_ID, STEAM_OUTAGE_STEAM_ID } from '../../dev/steam/accounts';
import { beat } from '../../steam/botHeartbeat';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { awayFromWindowEdge, startTestApp, type TestApp } from '../../test/testApp';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('GET /api/inventory', () => {
  it('requires authentication', async () => {
    expect((await app.client().get('/api/inventory')).status).toBe(401);
  });

  it("answers the user's CS2 items parsed from Steam's inventory JSON", async () => {
    const client = await signIn(app, uniqueSteamId());
    const response = await client.get<InventoryResponse>('/api/inventory');
    expect(response.status).toBe(200);
    const { items } = response.body;
    expect(response.body.private).toBe(false);
    expect(items.length).toBeGreaterThanOrEqual(40);
    for (const item of items) {
      expect(item).toMatchObject({ appid: 730, contextid: '2', amount: 1, listed: false });
      expect(RARITIES).toContain(item.rarity);
      expect(item.imageUrl).toMatch(/^\/dev\/steam\/economy\/image\/.+/);
    }
    expect(items.some((item) => item.statTrak)).toBe(true);
    expect(items.some((item) => !item.tradable || !item.marketable)).toBe(true);
    expect(items.some((item) => item.float !== null && item.float > 0 && item.float < 1)).toBe(true);
    expect(new Set(items.map((item) => item.assetid)).size).toBe(items.length);

    const image = await fetch(`${app.url}${items[0]!.imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('serves the cached copy for five minutes and reads Steam again on refresh', async () => {
    const client = await signIn(app, uniqueSteamId());
    const first = (await client.get<InventoryResponse>('/api/inventory')).body;
    const cached = (await client.get<InventoryResponse>('/api/inventory')).body;
    expect(cached.fetchedAt).toBe(first.fetchedAt);
    const refreshed = (await client.get<InventoryResponse>('/api/inventory?refresh=1')).body;
    expect(new Date(refreshed.fetchedAt).getTime()).toBeGreaterThan(new Date(first.fetchedAt).getTime());
    expect(refreshed.items.map((item) => item.assetid)).toEqual(first.items.map((item) => item.assetid));
  });

  it('rate limits refreshes per user', async () => {
    const client = await signIn(app, uniqueSteamId());
    await awayFromWindowEdge(60, 10);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await client.get('/api/inventory?refresh=1')).status);
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });

  it('answers a private inventory as an empty list marked private', async () => {
    const client = await signIn(app, PRIVATE_INVENTORY_STEAM_ID);
    const response = await client.get<InventoryResponse>('/api/inventory');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ items: [], private: true });
  });

  it("answers 503 with 'Unable to load your Steam inventory at this time.' when Steam sheds load", async () => {
    const client = await signIn(app, STEAM_OUTAGE_STEAM_ID);
    const response = await client.get('/api/inventory?refresh=1');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ message: 'Unable to load your Steam inventory at this time.', code: 'steam_unavailable' });
  });

  it('refuses unknown query parameters', async () => {
    const client = await signIn(app, uniqueSteamId());
    const response = await client.get('/api/inventory?refresh=yes');
    expect(response.status).toBe(400);
    expect((await client.get('/api/inventory?page=2')).body).toMatchObject({ fields: { page: 'Unknown field' } });
  });
});

describe('GET /api/bot-status', () => {
  it('reports the bot online from its heartbeat', async () => {
    await beat(app.services.dataSource, 'simulated');
    const response = await app.client().get<{ online: boolean; lastSeenAt: string }>('/api/bot-status');
    expect(response.status).toBe(200);
    expect(response.body.online).toBe(true);
    expect(Date.now() - new Date(response.body.lastSeenAt).getTime()).toBeLessThan(60_000);
  });

  it('reports it offline when the heartbeat is old', async () => {
    await app.services.dataSource.query(`UPDATE bot_heartbeats SET last_seen_at = now() - interval '10 minutes'`);
    const response = await app.client().get<{ online: boolean }>('/api/bot-status');
    expect(response.body.online).toBe(false);
    await beat(app.services.dataSource, 'simulated');
  });
});
