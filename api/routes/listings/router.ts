/**
 * GET /api/listings (the caller's listings, newest first, keyset-paged, the first page with the
 * summary of all of them) and POST /api/listings/:id/cancel.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { pageQuerySchema } from '../../../shared/schemas/page';
import { listingCanceller } from '../../commands/listingCanceller';
import { type AppServices } from '../../context';
import { type User } from '../../entities';
import { notFound } from '../../errors';
import { listingsOfSeller } from '../../market/sellerListings';
import { requireUser } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { presentListing, presentListingsPage } from '../../presenters/listing';

export function listingsRouter(services: AppServices): Router {
  const router = new Router();
  const signedIn = requireUser(services.dataSource);

  router.get(
    '/listings',
    signedIn,
    validated({ query: pageQuerySchema }, async (ctx, { query }) => {
      ctx.body = presentListingsPage(await listingsOfSeller(services.dataSource, (ctx.state.user as User).id, query));
    }),
  );

  router.post('/listings/:id/cancel', signedIn, async (ctx) => {
    // Any id that is not one of the caller's listings, malformed ones included, is simply not found.
    const id = z.uuid().safeParse(ctx.params.id);
    if (!id.success) throw notFound('Listing not found');
    const listing = await listingCanceller({ userId: (ctx.state.user as User).id, listingId: id.data, services });
    ctx.body = presentListing(listing);
  });

  return router;
}
