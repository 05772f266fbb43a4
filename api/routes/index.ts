/**
 * The JSON API under /api. Each resource's router lives in its own folder and is mounted here;
 * anything not matched is a JSON 404 (or 405 for a known path with another method).
 */
import Router from '@koa/router';
import { type Middleware } from 'koa';
import type { ApiErrorBody } from '../../shared/errorCodes';
import { type AppServices } from '../context';
import { type CachedCatalogue } from '../market/catalogueCache';
import { notFound } from '../errors';
import { buyOrdersRouter } from './buyOrders/router';
import { eventsRouter } from './events/router';
import { inventoryRouter } from './inventory/router';
import { itemsRouter } from './items/router';
import { listingsRouter } from './listings/router';
import { marketRouter } from './market/router';
import { paymentMethodsRouter } from './paymentMethods/router';
import { pushRouter } from './push/router';
import { staffRouter } from './staff/router';
import { supportRouter } from './support/router';
import { tradeOffersRouter } from './tradeOffers/router';
import { userRouter } from './user/router';
import { walletRouter } from './wallet/router';
import { watchlistRouter } from './watchlist/router';
import { webhooksRouter } from './webhooks/router';

export function apiRouter(services: AppServices, options: { withdrawalsPerMinute?: number; catalogue?: CachedCatalogue } = {}): Router {
  const router = new Router({ prefix: '/api' });
  const features = [
    supportRouter(services),
    userRouter(services),
    inventoryRouter(services),
    tradeOffersRouter(services),
    listingsRouter(services),
    marketRouter(services, options.catalogue),
    itemsRouter(services, options.catalogue),
    buyOrdersRouter(services),
    paymentMethodsRouter(services),
    watchlistRouter(services),
    walletRouter(services, options.withdrawalsPerMinute),
    webhooksRouter(services),
    eventsRouter(services),
    pushRouter(services),
    staffRouter(services),
  ];
  for (const feature of features) router.use(feature.routes(), feature.allowedMethods());
  return router;
}

export function apiFallback(router: Router): Middleware {
  const allowed = router.allowedMethods() as unknown as Middleware;
  return async (ctx) => {
    await allowed(ctx, async () => undefined);
    if (ctx.status === 405) {
      ctx.body = { message: `${ctx.method} is not allowed here`, code: 'method_not_allowed' } satisfies ApiErrorBody;
      return;
    }
    if (ctx.body === undefined) throw notFound('No such API endpoint');
  };
}
