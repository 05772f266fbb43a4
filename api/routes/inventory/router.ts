/** GET /api/inventory (the signed-in user's CS2 inventory) and GET /api/bot-status. */
import Router from '@koa/router';
import { z } from 'zod';
import { type AppServices } from '../../context';
import { type User } from '../../entities';
import { HttpError } from '../../errors';
import { readInventory } from '../../inventory/reader';
import { readBotStatus } from '../../market/botStatus';
import { requireUser } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { SteamUnavailableError } from '../../steam/gateway';

const inventoryQuery = z.strictObject({ refresh: z.enum(['1']).optional() });

/** Refresh bypasses the cache and costs a Steam request: a few a minute per user. */
export const INVENTORY_REFRESH_LIMIT = { name: 'inventory-refresh', limit: 6, windowSeconds: 60 };

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
        ctx.body = await readInventory({ userId: user.id, steamId: user.steamId, refresh, dataSource, steam });
      } catch (error) {
        if (!(error instanceof SteamUnavailableError)) throw error;
        throw new HttpError(503, 'steam_unavailable', 'Unable to load your Steam inventory at this time.', undefined, { 'Retry-After': '60' });
      }
    }),
  );

  router.get('/bot-status', async (ctx) => {
    ctx.body = await readBotStatus(dataSource);
  });

  return router;
}
