/**
 * The signed-in user's watchlist (docs/adr/0078-watchlist-alerts.md): GET /api/watchlist (newest
 * first, keyset-paged, each with the cheapest listing on sale now), POST /api/watchlist (watch an
 * item, or change its alert price: 201 for a new watch, 200 for a change) and
 * DELETE /api/watchlist/:id (204). Alerts are sent when listings go on sale (market/watchAlerts.ts).
 */
import Router from '@koa/router';
import { type Context } from 'koa';
import { z } from 'zod';
import { pageQuerySchema } from '../../../shared/schemas/page';
import { watchRequestSchema } from '../../../shared/schemas/watchlist';
import { watchDeleter } from '../../commands/watchDeleter';
import { watchSaver } from '../../commands/watchSaver';
import { type AppServices } from '../../context';
import { type User } from '../../entities';
import { notFound } from '../../errors';
import { lowestListingCents, watchlistOf } from '../../market/watchlist';
import { requireUser } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { presentWatch, presentWatchlistPage } from '../../presenters/watch';

export function watchlistRouter({ dataSource }: AppServices): Router {
  const router = new Router({ prefix: '/watchlist' });
  const signedIn = requireUser(dataSource);
  const userOf = (ctx: Context) => ctx.state.user as User;

  router.get(
    '/',
    signedIn,
    validated({ query: pageQuerySchema }, async (ctx, { query }) => {
      ctx.body = presentWatchlistPage(await watchlistOf(dataSource, userOf(ctx).id, query));
    }),
  );

  router.post(
    '/',
    signedIn,
    validated({ body: watchRequestSchema }, async (ctx, { body }) => {
      const { watch, created } = await watchSaver({ userId: userOf(ctx).id, request: body, dataSource });
      ctx.status = created ? 201 : 200;
      ctx.body = { watch: presentWatch(watch, await lowestListingCents(dataSource, watch.marketHashName)) };
    }),
  );

  router.delete('/:id', signedIn, async (ctx) => {
    // A malformed id is as unknown as another user's: 404 either way.
    const id = z.uuid().safeParse(ctx.params.id);
    if (!id.success) throw notFound('Watch not found');
    await watchDeleter({ userId: userOf(ctx).id, id: id.data, dataSource });
    ctx.status = 204;
  });

  return router;
}
