/**
 * POST /api/trade-offers (sell items: the bot asks for them), GET /api/trade-offer/:id/status and
 * POST /api/trade-offer/:id/cancel (the seller calls the offer off).
 */
import Router from '@koa/router';
import { z } from 'zod';
import { tradeOfferRequestSchema } from '../../../shared/schemas/market';
import { tradeOfferCanceller } from '../../commands/tradeOfferCanceller';
import { tradeOfferCreator } from '../../commands/tradeOfferCreator';
import { type AppServices } from '../../context';
import { type User } from '../../entities';
import { notFound } from '../../errors';
import { readTradeOfferStatus } from '../../market/tradeOfferStatus';
import { requireUser } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { presentOfferCreated, presentOfferStatus } from '../../presenters/tradeOffer';

/** Each offer re-reads the inventory from Steam and costs the bot a trade offer: a few a minute per seller. */
export const TRADE_OFFER_LIMIT = { name: 'trade-offers', limit: 10, windowSeconds: 60 };


export function tradeOffersRouter(services: AppServices): Router {
  const router = new Router();
  const signedIn = requireUser(services.dataSource);

  router.post(
    '/trade-offers',
    signedIn,
    validated({ body: tradeOfferRequestSchema }, async (ctx, { body }) => {
      const user = ctx.state.user as User;
      await services.rateLimiter.hit(ctx, { ...TRADE_OFFER_LIMIT, keyOf: () => user.id });
      const offer = await tradeOfferCreator({ user, request: body, services });
      ctx.status = 201;
      ctx.body = presentOfferCreated(offer);
    }),
  );

  router.get('/trade-offer/:id/status', signedIn, async (ctx) => {
    // Any id that is not one of the caller's offers, malformed ones included, is simply not found.
    const id = z.uuid().safeParse(ctx.params.id);
    if (!id.success) throw notFound('Trade offer not found');
    const offer = await readTradeOfferStatus({ userId: (ctx.state.user as User).id, offerId: id.data, services });
    ctx.body = presentOfferStatus(offer);
  });

  router.post('/trade-offer/:id/cancel', signedIn, async (ctx) => {
    const id = z.uuid().safeParse(ctx.params.id);
    if (!id.success) throw notFound('Trade offer not found');
    const offer = await tradeOfferCanceller({ userId: (ctx.state.user as User).id, offerId: id.data, services });
    ctx.body = presentOfferStatus(offer);
  });

  return router;
}
