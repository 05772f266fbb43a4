/**
 * The wallet's own endpoints: deposits (PayPal checkout), withdrawals (and how much of the balance
 * can be withdrawn now) and the ledger history.
 * Reads are keyset-paginated with typed cursors; money-moving requests need an Idempotency-Key and
 * run their command inside the key's transaction.
 */
import Router from '@koa/router';
import { type Context } from 'koa';
import { formatMoney } from '../../../shared/money';
import { depositRequestSchema, pageQuerySchema, withdrawalRequestSchema } from '../../../shared/schemas/wallet';
import { depositCreator } from '../../commands/depositCreator';
import { withdrawalRequester } from '../../commands/withdrawalRequester';
import { type AppServices } from '../../context';
import { type User } from '../../entities';
import { requireUser } from '../../middleware/auth';
import { idempotent, requestTransaction } from '../../middleware/idempotency';
import { validated } from '../../middleware/validate';
import { presentDeposit, presentTransaction, presentWithdrawableBalance, presentWithdrawal } from '../../presenters/wallet';
import { depositsOf, statementPage, withdrawalsOf } from '../../wallet/history';
import { withdrawableBalance } from '../../wallet/withdrawable';

/** Withdrawal requests a minute per user: a person makes one; a burst is a script. */
export const WITHDRAWAL_LIMIT = { name: 'withdrawal', limit: 10, windowSeconds: 60 };

export function walletRouter({ config, dataSource, cipher, payments, logger, rateLimiter }: AppServices, withdrawalsPerMinute = WITHDRAWAL_LIMIT.limit): Router {
  const router = new Router();
  const signedIn = requireUser(dataSource);
  const userOf = (ctx: Context) => ctx.state.user as User;

  router.post(
    '/deposits',
    signedIn,
    idempotent(
      dataSource,
      { required: true },
      validated({ body: depositRequestSchema }, async (ctx, { body }) => {
        const checkout = await depositCreator({
          userId: userOf(ctx).id,
          amountCents: body.amount,
          returnUrl: `${config.publicUrl}/add-funds`,
          dataSource,
          payments,
          logger,
          manager: requestTransaction(ctx),
        });
        ctx.status = 201;
        ctx.body = checkout;
      }),
    ),
  );

  router.get(
    '/deposits',
    signedIn,
    validated({ query: pageQuerySchema }, async (ctx, { query }) => {
      const page = await depositsOf(dataSource, userOf(ctx).id, query);
      ctx.body = { items: page.items.map(presentDeposit), nextCursor: page.nextCursor };
    }),
  );

  router.post(
    '/withdrawals',
    signedIn,
    rateLimiter.middleware({ ...WITHDRAWAL_LIMIT, limit: withdrawalsPerMinute, keyOf: (ctx) => userOf(ctx).id }),
    idempotent(
      dataSource,
      { required: true },
      validated({ body: withdrawalRequestSchema }, async (ctx, { body }) => {
        const result = await withdrawalRequester({
          userId: userOf(ctx).id,
          request: body,
          clearingDays: config.depositClearingDays,
          dataSource,
          cipher,
          manager: requestTransaction(ctx),
        });
        ctx.status = 201;
        ctx.body = { withdrawal: presentWithdrawal(result.withdrawal), balance: formatMoney(result.balanceCents) };
      }),
    ),
  );

  router.get('/withdrawals/available', signedIn, async (ctx) => {
    const { depositClearingDays } = config;
    ctx.body = presentWithdrawableBalance(await withdrawableBalance(dataSource.manager, userOf(ctx).id, depositClearingDays), depositClearingDays);
  });

  router.get(
    '/withdrawals',
    signedIn,
    validated({ query: pageQuerySchema }, async (ctx, { query }) => {
      const page = await withdrawalsOf(dataSource, userOf(ctx).id, query);
      ctx.body = { items: page.items.map(presentWithdrawal), nextCursor: page.nextCursor };
    }),
  );

  router.get(
    '/transactions',
    signedIn,
    validated({ query: pageQuerySchema }, async (ctx, { query }) => {
      const page = await statementPage(dataSource, userOf(ctx).id, query);
      ctx.body = { items: page.items.map(presentTransaction), nextCursor: page.nextCursor };
    }),
  );

  return router;
}
