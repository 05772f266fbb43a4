/**
 * One item of the market, by its Steam market hash name: its daily price history with the prices
 * it can be bought at now (GET /api/items/:marketHashName/price-history?days), its latest sales
 * (GET …/sales?limit) and the book of its open buy orders (GET …/buy-orders). Public reads that
 * answer the same to everybody: no session is read (api/app.ts); the history and sales are kept
 * briefly per process (market/itemHistory.ts), the book is read each time (market/buyOrders.ts).
 * A name nothing was sold or listed under has an empty history, not a 404.
 */
import Router from '@koa/router';
import { buyOrderBookQuerySchema, itemPathSchema, priceHistoryQuerySchema, recentSalesQuerySchema } from '../../../shared/schemas/items';
import { type AppServices } from '../../context';
import { type CachedCatalogue } from '../../market/catalogueCache';
import { readBuyOrderBook } from '../../market/buyOrders';
import { createItemHistory } from '../../market/itemHistory';
import { validated } from '../../middleware/validate';
import { presentBuyOrderBook } from '../../presenters/buyOrder';
import { presentPriceHistory, presentRecentSales } from '../../presenters/itemHistory';

/** `catalogue`: the process's catalogue cache, whose listing events also clear the item answers kept here. */
export function itemsRouter({ dataSource }: AppServices, catalogue?: CachedCatalogue): Router {
  const router = new Router({ prefix: '/items' });
  const history = createItemHistory(dataSource);
  catalogue?.onClear(() => history.clear());

  router.get(
    '/:marketHashName/price-history',
    validated({ params: itemPathSchema, query: priceHistoryQuerySchema }, async (ctx, { params, query }) => {
      ctx.body = presentPriceHistory(params.marketHashName, await history.priceHistory({ marketHashName: params.marketHashName, days: query.days }));
    }),
  );

  router.get(
    '/:marketHashName/sales',
    validated({ params: itemPathSchema, query: recentSalesQuerySchema }, async (ctx, { params, query }) => {
      ctx.body = presentRecentSales(await history.recentSales({ marketHashName: params.marketHashName, limit: query.limit }));
    }),
  );

  router.get(
    '/:marketHashName/buy-orders',
    validated({ params: itemPathSchema, query: buyOrderBookQuerySchema }, async (ctx, { params, query }) => {
      ctx.body = presentBuyOrderBook(params.marketHashName, await readBuyOrderBook(dataSource, params.marketHashName, query.float));
    }),
  );

  return router;
}
