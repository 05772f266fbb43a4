/**
 * The wallet's own endpoints: deposits (PayPal checkout), withdrawals and the ledger history.
 * Reads are keyset-paginated; money-moving requests need an Idempotency-Key.
 */
import Router from '@koa/router';
import { depositRequestSchema, pageQuerySchema, withdrawalRequestSchema } from '../../../shared/schemas/wallet';
import { formatMoney } from '../../../shared/money';
import { depositCreator } from '../../commands/deposits';
import { withdrawalRequester } from '../../commands/withdrawals';
import { type AppServices } from '../../context';
import { type User } from '../../entities';
import { requireUser } from '../../middleware/auth';
import { idempotent } from '../../middleware/idempotency';
import { validated } from '../../middleware/validate';
import { decodeCursor, pageOf } from '../../pagination';
import {
  presentDeposit,
  presentTransaction,
  presentWithdrawal,
  type DepositRow,
  type LedgerEntryRow,
  type WithdrawalRow,
} from '../../presenters/wallet';

/** Withdrawal requests a minute per user: a person makes one; a burst is a script. */
export const WITHDRAWAL_LIMIT = { name: 'withdrawal', limit: 10, windowSeconds: 60 };

export function walletRouter({ config, dataSource, cipher, payments, logger, rateLimiter }: AppServices, withdrawalsPerMinute = WITHDRAWAL_LIMIT.limit): Router {
  const router = new Router();
  const signedIn = requireUser(dataSource);
  const once = idempotent(dataSource, { required: true });
  const userOf = (state: { user?: unknown }) => state.user as User;

  router.post(
    '/deposits',
    signedIn,
    once,
    validated({ body: depositRequestSchema }, async (ctx, { body }) => {
      ctx.status = 201;
      ctx.body = await depositCreator({
        userId: userOf(ctx.state).id,
        amountCents: body.amount,
        returnUrl: `${config.publicUrl}/add-funds`,
        dataSource,
        payments,
        logger,
      });
    }),
  );

  router.get(
    '/deposits',
    signedIn,
    validated({ query: pageQuerySchema }, async (ctx, { query }) => {
      const after = decodeCursor(query.cursor);
      const rows = (await dataSource.query(
        `SELECT id, method, amount_cents, status, external_reference, created_at, completed_at FROM deposits
         WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
         ORDER BY created_at DESC, id DESC LIMIT $4`,
        [userOf(ctx.state).id, after?.createdAt ?? null, after?.id ?? null, query.limit + 1],
      )) as DepositRow[];
      ctx.body = pageOf(rows, query.limit, presentDeposit);
    }),
  );

  router.post(
    '/withdrawals',
    signedIn,
    async (ctx, next) => {
      await rateLimiter.hit(ctx, { ...WITHDRAWAL_LIMIT, limit: withdrawalsPerMinute, keyOf: () => userOf(ctx.state).id });
      await next();
    },
    once,
    validated({ body: withdrawalRequestSchema }, async (ctx, { body }) => {
      const result = await withdrawalRequester({ userId: userOf(ctx.state).id, request: body, dataSource, cipher });
      ctx.status = 201;
      ctx.body = { withdrawal: result.withdrawal, balance: formatMoney(result.balanceCents) };
    }),
  );

  router.get(
    '/withdrawals',
    signedIn,
    validated({ query: pageQuerySchema }, async (ctx, { query }) => {
      const after = decodeCursor(query.cursor);
      const rows = (await dataSource.query(
        `SELECT id, amount_cents, status, method_type, method_summary, note, created_at, updated_at FROM withdrawals
         WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
         ORDER BY created_at DESC, id DESC LIMIT $4`,
        [userOf(ctx.state).id, after?.createdAt ?? null, after?.id ?? null, query.limit + 1],
      )) as WithdrawalRow[];
      ctx.body = pageOf(rows, query.limit, presentWithdrawal);
    }),
  );

  router.get(
    '/transactions',
    signedIn,
    validated({ query: pageQuerySchema }, async (ctx, { query }) => {
      // Entries are append-only with increasing ids, so the id alone orders them.
      const after = decodeCursor(query.cursor);
      const rows = (await dataSource.query(
        `SELECT e.id::text AS id, t.kind, t.description, e.amount, e.balance_after, e.created_at
         FROM ledger_entries e
         JOIN ledger_transactions t ON t.id = e.transaction_id
         JOIN ledger_accounts a ON a.id = e.account_id
         WHERE a.kind = 'user_available' AND a.user_id = $1 AND ($2::bigint IS NULL OR e.id < $2::bigint)
         ORDER BY e.id DESC LIMIT $3`,
        [userOf(ctx.state).id, after?.id ?? null, query.limit + 1],
      )) as LedgerEntryRow[];
      ctx.body = pageOf(rows, query.limit, presentTransaction);
    }),
  );

  return router;
}
