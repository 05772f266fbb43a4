/**
 * The signed-in user's buy orders (docs/adr/0077-buy-orders.md): placing one (POST /api/buy-orders,
 * Idempotency-Key required, run inside the key's transaction), their list newest first
 * (GET /api/buy-orders, keyset-paged like the other lists of one's own) and cancelling one
 * (POST /api/buy-orders/:id/cancel, an Idempotency-Key accepted). The public book of an item's
 * bids is the items router's (GET /api/items/:marketHashName/buy-orders).
 */
import Router from '@koa/router';
import { type Context } from 'koa';
import { z } from 'zod';
import { formatMoney } from '../../../shared/money';
import { buyOrderRequestSchema, pageQuerySchema } from '../../../shared/schemas/buyOrders';
import { buyOrderCanceller } from '../../commands/buyOrderCanceller';
import { buyOrderPlacer, type BuyOrderOutcome } from '../../commands/buyOrderPlacer';
import { type AppServices } from '../../context';
import { type User } from '../../entities';
import { notFound } from '../../errors';
import { buyOrdersOfUser } from '../../market/buyOrders';
import { requireUser } from '../../middleware/auth';
import { idempotent, requestTransaction } from '../../middleware/idempotency';
import { validated } from '../../middleware/validate';
import { presentBuyOrder } from '../../presenters/buyOrder';

/** Bids placed a minute per user: a person places a few; a burst is a script. */
export const BUY_ORDER_LIMIT = { name: 'buy-order', limit: 30, windowSeconds: 60 };

const presentOutcome = (outcome: BuyOrderOutcome) => ({ buyOrder: presentBuyOrder(outcome.buyOrder, outcome.reservedCents), balance: formatMoney(outcome.balanceCents) });

export function buyOrdersRouter({ dataSource, rateLimiter }: AppServices): Router {
  const router = new Router({ prefix: '/buy-orders' });
  const signedIn = requireUser(dataSource);
  const userOf = (ctx: Context) => ctx.state.user as User;

  router.post(
    '/',
    signedIn,
    rateLimiter.middleware({ ...BUY_ORDER_LIMIT, keyOf: (ctx) => userOf(ctx).id }),
    idempotent(
      dataSource,
      { required: true },
      validated({ body: buyOrderRequestSchema }, async (ctx, { body }) => {
        const outcome = await buyOrderPlacer({ userId: userOf(ctx).id, request: body, dataSource, manager: requestTransaction(ctx) });
        ctx.status = 201;
        ctx.body = presentOutcome(outcome);
      }),
    ),
  );

  router.get(
    '/',
    signedIn,
    validated({ query: pageQuerySchema }, async (ctx, { query }) => {
      const page = await buyOrdersOfUser(dataSource, userOf(ctx).id, query);
      ctx.body = { items: page.items.map(({ buyOrder, reservedCents }) => presentBuyOrder(buyOrder, reservedCents)), nextCursor: page.nextCursor };
    }),
  );

  router.post(
    '/:id/cancel',
    signedIn,
    idempotent(dataSource, { required: false }, async (ctx) => {
      // Any id that is not one of the caller's bids, malformed ones included, is simply not found.
      const id = z.uuid().safeParse(ctx.params.id);
      if (!id.success) throw notFound('Buy order not found');
      ctx.body = presentOutcome(await buyOrderCanceller({ userId: userOf(ctx).id, buyOrderId: id.data, dataSource, manager: requestTransaction(ctx) }));
    }),
  );

  return router;
}
