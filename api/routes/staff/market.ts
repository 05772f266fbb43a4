/**
 * The console's Market: listings needing attention and the Featured listings (support and admin
 * read), and the ops commands' actions on them (admin): cancel a lost listing (its buyer is
 * refunded), retry a delivery now, feature a listing or stop featuring it.
 */
import Router from '@koa/router';
import { type Context } from 'koa';
import { featureListingSchema, marketActionSchema } from '../../../shared/schemas/staff';
import { formatMoney } from '../../../shared/money';
import { deliveryRetrier } from '../../commands/deliveryRetrier';
import { featuredSetter } from '../../commands/featuredSetter';
import { lostListingCanceller } from '../../commands/lostListingCanceller';
import { type AppServices } from '../../context';
import { conflict, notFound } from '../../errors';
import { validated } from '../../middleware/validate';
import { presentAttentionListing, presentFeaturedListing } from '../../presenters/staffMarket';
import { featuredListings, listingsNeedingAttention } from '../../staff/marketAttention';
import { requireStaff, staffActor, type StaffContext } from '../../staff/session';
import { pathId, uuidPathId } from './pathIds';

export function staffMarketRouter(services: AppServices): Router {
  const { dataSource, staffSessions } = services;
  const router = new Router({ prefix: '/market' });
  const reads = requireStaff(staffSessions, 'market.read');
  const acts = requireStaff(staffSessions, 'market.act');
  const knownListing = uuidPathId('Listing not found');
  const actorOf = (ctx: Context) => staffActor((ctx as StaffContext).state.staff);

  router.get('/attention', reads, async (ctx) => {
    const now = new Date();
    ctx.body = { items: (await listingsNeedingAttention(dataSource, now)).map((entry) => presentAttentionListing(entry, now)) };
  });

  router.post(
    '/listings/:id/cancel-lost',
    acts,
    knownListing,
    validated({ body: marketActionSchema }, async (ctx, { body }) => {
      const { refundedCents } = await lostListingCanceller({ listingId: pathId(ctx), actor: actorOf(ctx), reason: body.reason, dataSource });
      ctx.body = { refunded: refundedCents === null ? null : formatMoney(refundedCents) };
    }),
  );

  router.post(
    '/order-items/:id/retry-delivery',
    acts,
    uuidPathId('Order item not found'),
    validated({ body: marketActionSchema }, async (ctx, { body }) => {
      const status = await deliveryRetrier({ orderItemId: pathId(ctx), services, actor: actorOf(ctx), reason: body.reason, immediately: true });
      if (status === 'not_found') throw notFound('Order item not found');
      if (status === 'not_applicable') throw conflict('This delivery is not waiting for a retry: it was sent, or has settled', 'delivery_not_failing');
      ctx.body = { status };
    }),
  );

  router.get('/featured', reads, async (ctx) => {
    ctx.body = { items: (await featuredListings(dataSource)).map(presentFeaturedListing) };
  });

  router.post(
    '/listings/:id/featured',
    acts,
    knownListing,
    validated({ body: featureListingSchema }, async (ctx, { body }) => {
      const listing = await featuredSetter({ listingId: pathId(ctx), featured: body.featured, actor: actorOf(ctx), reason: body.reason, dataSource });
      ctx.body = presentFeaturedListing(listing);
    }),
  );

  return router;
}
