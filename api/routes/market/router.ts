/**
 * The buyer's market: the catalogue (GET /api/skins, filtered, sorted and keyset-paged on the
 * server; GET /api/skins/:id, one item on sale, for links to it), the landing page's featured skins and stats, purchases with the balance
 * (POST /api/purchases, Idempotency-Key required, run inside the key's transaction, after Steam
 * confirmed the buyer's trade URL can receive items) and the buyer's orders with each item's
 * delivery state.
 */
import Router from '@koa/router';
import { type Context } from 'koa';
import { z } from 'zod';
import { purchaseRequestSchema, skinsQuerySchema } from '../../../shared/schemas/market';
import { pageQuerySchema } from '../../../shared/schemas/page';
import { purchaseCreator } from '../../commands/purchaseCreator';
import { type AppServices } from '../../context';
import { sendEncoded } from '../../encodedBody';
import { type User } from '../../entities';
import { notFound } from '../../errors';
import { ordersOfBuyer } from '../../market/buyerOrders';
import { readMarketItem } from '../../market/catalogue';
import { createCachedCatalogue, type CachedCatalogue, type CataloguePage } from '../../market/catalogueCache';
import { createFeaturedListings } from '../../market/featured';
import { purchasePreflight } from '../../market/purchasePreflight';
import { createMarketStats } from '../../market/stats';
import { requireUser } from '../../middleware/auth';
import { concurrencyGate } from '../../middleware/concurrencyGate';
import { idempotent, requestTransaction } from '../../middleware/idempotency';
import { parseOrThrow, validated } from '../../middleware/validate';
import { presentMarketItem } from '../../presenters/marketItem';
import { presentOrder, presentPurchase } from '../../presenters/order';

/** Purchases a minute per user: a person buys a cart at a time; more is a script. */
export const PURCHASE_LIMIT = { name: 'purchase', limit: 30, windowSeconds: 60 };
/**
 * Purchase transactions running at once per process: half the connection pool (api/db/dataSource.ts),
 * so a burst of purchases never starves the rest of the API of connections.
 */
export const PURCHASE_CONCURRENCY = { limit: 10, maxWaitMs: 10_000 };

const presentCataloguePage = (page: CataloguePage) => ({ items: page.items.map(presentMarketItem), nextCursor: page.nextCursor });

/** `catalogue`: the process's cache of catalogue pages, shared with the market page (api/app.ts). */
export function marketRouter({ dataSource, rateLimiter, steam, logger }: AppServices, catalogue: CachedCatalogue = createCachedCatalogue(dataSource)): Router {
  const router = new Router();
  const signedIn = requireUser(dataSource);
  const userOf = (ctx: Context) => ctx.state.user as User;
  const marketStats = createMarketStats(dataSource);
  const featured = createFeaturedListings(dataSource);
  // Sold items leave the featured skins with the catalogue's pages, in every process.
  catalogue.onClear(() => featured.clear());

  router.get(
    '/skins',
    validated({ query: skinsQuerySchema }, async (ctx, { query }) => {
      await sendEncoded(ctx, await catalogue.answer(query, presentCataloguePage), 'application/json; charset=utf-8');
    }),
  );

  router.get('/skins/:id', async (ctx) => {
    // Any id that is not an item on sale now, malformed ones included, is simply not found.
    const id = z.uuid().safeParse(ctx.params.id);
    const row = id.success ? await readMarketItem(dataSource, id.data) : null;
    if (!row) throw notFound('This item is no longer on sale');
    ctx.body = presentMarketItem(row);
  });

  router.get('/featured-skins', async (ctx) => {
    ctx.body = (await featured.get()).map(presentMarketItem);
  });

  router.get('/market-stats', async (ctx) => {
    ctx.body = await marketStats();
  });

  router.post(
    '/purchases',
    // The user comes with the session, read before any route (api/sessionStore.ts): no database
    // connection is held in the gate's line.
    signedIn,
    concurrencyGate(PURCHASE_CONCURRENCY),
    rateLimiter.middleware({ ...PURCHASE_LIMIT, keyOf: (ctx) => userOf(ctx).id }),
    idempotent(
      dataSource,
      {
        required: true,
        // Before the transaction opens: the buyer's standing, listings already gone (the race's
        // losers), and Steam's word on the trade URL, which may take seconds.
        precheck: (ctx, read) =>
          purchasePreflight(
            { dataSource, steam, logger },
            { buyer: userOf(ctx), listingIds: parseOrThrow(purchaseRequestSchema, ctx.request.body ?? {}, 'body').listingIds, read },
          ),
      },
      validated({ body: purchaseRequestSchema }, async (ctx, { body }) => {
        const outcome = await purchaseCreator({ buyerId: userOf(ctx).id, listingIds: body.listingIds, dataSource, manager: requestTransaction(ctx) });
        ctx.status = 201;
        ctx.body = presentPurchase(outcome);
      }),
    ),
  );

  router.get(
    '/orders',
    signedIn,
    validated({ query: pageQuerySchema }, async (ctx, { query }) => {
      const { orders, listings, nextCursor } = await ordersOfBuyer(dataSource, userOf(ctx).id, query);
      ctx.body = { items: orders.map(({ order, items }) => presentOrder(order, items, listings)), nextCursor };
    }),
  );

  return router;
}
