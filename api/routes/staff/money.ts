/**
 * The console's money: the overview, the withdrawal queue (approve with four-eyes, pay, reject, read
 * a destination) and manual deposits. Every change is a command that writes its audit row, with
 * the staff member as actor, in its own transaction.
 */
import Router from '@koa/router';
import { type Context } from 'koa';
import { z } from 'zod';
import { creditDepositSchema, paidWithdrawalSchema, rejectWithdrawalSchema, staffWithdrawalsQuerySchema } from '../../../shared/schemas/staff';
import { manualDepositCreditor } from '../../commands/manualDepositCreditor';
import { withdrawalApprover } from '../../commands/withdrawalApprover';
import { withdrawalDestinationReader } from '../../commands/withdrawalDestinationReader';
import { withdrawalProcessor } from '../../commands/withdrawalProcessor';
import { type AppServices } from '../../context';
import { validated } from '../../middleware/validate';
import { presentCreditDepositResult, presentStaffDeposit, presentStaffOverview, presentStaffWithdrawal } from '../../presenters/staffMoney';
import { staffOverview } from '../../staff/overview';
import { requireStaff, staffActor, type StaffContext } from '../../staff/session';
import { pendingDeposits } from '../../wallet/pendingDeposits';
import { withdrawalQueue } from '../../wallet/withdrawalQueue';

/** Rows a queue answers at most: the oldest first, which are the ones to work on. */
const QUEUE_LIMIT = 200;

/** A withdrawal's id: a malformed one is answered 404 by the command, as an unknown one. */
const withdrawalParams = z.object({ id: z.string() });

export function staffMoneyRouter({ config, dataSource, cipher, staffSessions }: AppServices): Router {
  const router = new Router();
  const fourEyesCents = config.withdrawalFourEyesCents;
  const actorOf = (ctx: Context) => staffActor((ctx as StaffContext).state.staff);

  router.get('/overview', requireStaff(staffSessions, 'overview.read'), async (ctx) => {
    ctx.body = presentStaffOverview(await staffOverview(dataSource, { fourEyesCents }));
  });

  router.get(
    '/withdrawals',
    requireStaff(staffSessions, 'withdrawals.read'),
    validated({ query: staffWithdrawalsQuerySchema }, async (ctx, { query }) => {
      const queue = await withdrawalQueue(dataSource, { status: query.status, limit: QUEUE_LIMIT });
      ctx.body = { items: queue.map((queued) => presentStaffWithdrawal(queued, { fourEyesCents })) };
    }),
  );

  router.get(
    '/withdrawals/:id/destination',
    requireStaff(staffSessions, 'withdrawals.act'),
    validated({ params: withdrawalParams }, async (ctx, { params }) => {
      ctx.body = await withdrawalDestinationReader({ withdrawalId: params.id, actor: actorOf(ctx), dataSource, cipher });
    }),
  );

  router.post(
    '/withdrawals/:id/approve',
    requireStaff(staffSessions, 'withdrawals.act'),
    validated({ params: withdrawalParams }, async (ctx, { params }) => {
      const approved = await withdrawalApprover({ withdrawalId: params.id, actor: actorOf(ctx), fourEyesCents, dataSource });
      ctx.body = presentStaffWithdrawal(approved, { fourEyesCents });
    }),
  );

  router.post(
    '/withdrawals/:id/reject',
    requireStaff(staffSessions, 'withdrawals.act'),
    validated({ params: withdrawalParams, body: rejectWithdrawalSchema }, async (ctx, { params, body }) => {
      const rejected = await withdrawalProcessor({ withdrawalId: params.id, to: 'rejected', reason: body.reason, actor: actorOf(ctx), fourEyesCents, dataSource });
      ctx.body = presentStaffWithdrawal(rejected, { fourEyesCents });
    }),
  );

  router.post(
    '/withdrawals/:id/paid',
    requireStaff(staffSessions, 'withdrawals.act'),
    validated({ params: withdrawalParams, body: paidWithdrawalSchema }, async (ctx, { params, body }) => {
      const paid = await withdrawalProcessor({ withdrawalId: params.id, to: 'paid', reference: body.reference, actor: actorOf(ctx), fourEyesCents, dataSource });
      ctx.body = presentStaffWithdrawal(paid, { fourEyesCents });
    }),
  );

  router.get('/deposits/pending', requireStaff(staffSessions, 'deposits.read'), async (ctx) => {
    ctx.body = { items: (await pendingDeposits(dataSource, QUEUE_LIMIT)).map(presentStaffDeposit) };
  });

  router.post(
    '/deposits/credit',
    requireStaff(staffSessions, 'deposits.credit'),
    validated({ body: creditDepositSchema }, async (ctx, { body }) => {
      const credit = await manualDepositCreditor({
        steamId: body.steamId,
        amountCents: body.amount,
        reference: body.reference,
        method: body.method,
        actor: actorOf(ctx),
        dataSource,
      });
      // 201 when this request credited it; 200 for a repeat of a credit already made.
      ctx.status = credit.credited ? 201 : 200;
      ctx.body = presentCreditDepositResult(credit);
    }),
  );

  return router;
}
