/** GET/POST /api/payment-methods and DELETE /api/payment-methods/{id}: masked payout methods. */
import Router from '@koa/router';
import { type Context } from 'koa';
import { z } from 'zod';
import { paymentMethodInputSchema } from '../../../shared/schemas/wallet';
import { paymentMethodCreator } from '../../commands/paymentMethodCreator';
import { paymentMethodDeleter } from '../../commands/paymentMethodDeleter';
import { type AppServices } from '../../context';
import { type User } from '../../entities';
import { notFound } from '../../errors';
import { requireUser } from '../../middleware/auth';
import { idempotent, requestTransaction } from '../../middleware/idempotency';
import { validated } from '../../middleware/validate';
import { presentPaymentMethod } from '../../presenters/wallet';
import { paymentMethodsOf } from '../../wallet/paymentMethods';

export function paymentMethodsRouter({ dataSource, cipher }: AppServices): Router {
  const router = new Router({ prefix: '/payment-methods' });
  const signedIn = requireUser(dataSource);
  const userOf = (ctx: Context) => ctx.state.user as User;

  router.get('/', signedIn, async (ctx) => {
    ctx.body = (await paymentMethodsOf(dataSource, userOf(ctx).id)).map(presentPaymentMethod);
  });

  router.post(
    '/',
    signedIn,
    idempotent(
      dataSource,
      { required: true },
      validated({ body: paymentMethodInputSchema }, async (ctx, { body }) => {
        const saved = await paymentMethodCreator({ userId: userOf(ctx).id, method: body, dataSource, cipher, manager: requestTransaction(ctx) });
        ctx.status = 201;
        ctx.body = presentPaymentMethod(saved);
      }),
    ),
  );

  router.delete(
    '/:id',
    signedIn,
    idempotent(dataSource, { required: true }, async (ctx: Context) => {
      // A malformed id is as unknown as another user's: 404 either way.
      const id = z.uuid().safeParse((ctx as Context & { params: { id: string } }).params.id);
      if (!id.success) throw notFound('Payment method not found');
      await paymentMethodDeleter({ userId: userOf(ctx).id, id: id.data, dataSource, manager: requestTransaction(ctx) });
      ctx.body = { id: id.data, deleted: true };
    }),
  );

  return router;
}
