/** GET/POST /api/payment-methods and DELETE /api/payment-methods/{id}: masked payout methods. */
import Router from '@koa/router';
import { z } from 'zod';
import { paymentMethodInputSchema } from '../../../shared/schemas/wallet';
import { paymentMethodCreator, paymentMethodDeleter, paymentMethodsOf } from '../../commands/paymentMethods';
import { type AppServices } from '../../context';
import { type User } from '../../entities';
import { notFound } from '../../errors';
import { requireUser } from '../../middleware/auth';
import { idempotent } from '../../middleware/idempotency';
import { validated } from '../../middleware/validate';

export function paymentMethodsRouter({ dataSource, cipher }: AppServices): Router {
  const router = new Router({ prefix: '/payment-methods' });
  const signedIn = requireUser(dataSource);
  const once = idempotent(dataSource, { required: true });

  router.get('/', signedIn, async (ctx) => {
    ctx.body = await paymentMethodsOf(dataSource, (ctx.state.user as User).id);
  });

  router.post(
    '/',
    signedIn,
    once,
    validated({ body: paymentMethodInputSchema }, async (ctx, { body }) => {
      ctx.status = 201;
      ctx.body = await paymentMethodCreator({ userId: (ctx.state.user as User).id, method: body, dataSource, cipher });
    }),
  );

  router.delete('/:id', signedIn, once, async (ctx) => {
    // A malformed id is as unknown as another user's: 404 either way.
    const id = z.uuid().safeParse(ctx.params.id);
    if (!id.success) throw notFound('Payment method not found');
    await paymentMethodDeleter({ userId: (ctx.state.user as User).id, id: id.data, dataSource });
    ctx.body = { id: id.data, deleted: true };
  });

  return router;
}
