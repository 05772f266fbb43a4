/** GET /api/inventory (the signed-in user's CS2 inventory) and GET /api/bot-status. */
import Router from '@koa/router';
import { z } from 'zod';
import { type AppServices } from '../../context';
import { type User } from '../../entities';
import { HttpError } from '../../errors';
import { readInventory } from '../../inventory/reader';
import { requireUser } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { SteamUnavailableError } from '../../steam/gateway';

const inventoryQuery = z.strictObject({ refresh: z.enum(['1']).optional() });

/** Refresh bypasses the cache and costs a Steam request: a few a minute per user. */
export const INVENTORY_REFRESH_LIMIT = { name: 'inventory-refresh', limit: 6, windowSeconds: 60 };

/** Seconds after which a bot that stopped reporting counts as offline. */
const BOT_OFFLINE_AFTER_SECONDS = 90;

export function inventoryRouter({ dataSource, rateLimiter, steam }: AppServices): Router {
  const router = new Router();

  router.get(
    '/inventory',
    requireUser(dataSource),
    validated({ query: inventoryQuery }, async (ctx, { query }) => {
      const user = ctx.state.user as User;
      const refresh = query.refresh === '1';
      if (refresh) await rateLimiter.hit(ctx, { ...INVENTORY_REFRESH_LIMIT, keyOf: () => user.id });
      try {
        ctx.body = await readInventory({ steamId: user.steamId, refresh, dataSource, steam });
      } catch (error) {
        if (!(error instanceof SteamUnavailableError)) throw error;
        throw new HttpError(503, 'steam_unavailable', 'Unable to load your Steam inventory at this time.', undefined, { 'Retry-After': '60' });
      }
    }),
  );

  router.get('/bot-status', async (ctx) => {
    const [row] = (await dataSource.query(`SELECT max(last_seen_at) AS last_seen_at FROM bot_heartbeats`)) as Array<{ last_seen_at: Date | null }>;
    const lastSeenAt = row?.last_seen_at ?? null;
    ctx.body = {
      online: lastSeenAt !== null && Date.now() - lastSeenAt.getTime() < BOT_OFFLINE_AFTER_SECONDS * 1000,
      lastSeenAt: lastSeenAt?.toISOString() ?? null,
    };
  });

  return router;
}
