/**
 * A finance staff member (or the ops command, as `system:cli`) approves a requested withdrawal. One
 * approval per person; a withdrawal needs one, or two by different people when its amount is above
 * the four-eyes threshold, and moves to `processing` (ready to be paid) with the approval that
 * completes them. The withdrawal row is locked first, so two approvals arriving together are
 * counted one after the other: neither can miss the other and both count as "the first".
 */
import { type DataSource } from 'typeorm';
import { audit, type Actor } from '../audit/auditLog';
import { inTransaction } from '../db/transaction';
import { Withdrawal } from '../entities';
import { conflict, notFound } from '../errors';
import { recordEvent } from '../events/domainEvents';
import { approvalsNeeded, isWithdrawalId, queuedWithdrawal, type QueuedWithdrawal } from '../wallet/withdrawalQueue';

interface Props {
  withdrawalId: string;
  /** `staff:<e-mail>` from the console, `CLI_ACTOR` from the ops command: each approves once. */
  actor: Actor;
  /** WITHDRAWAL_FOUR_EYES_USD in cents: above it, two different people must approve. */
  fourEyesCents: bigint;
  dataSource: DataSource;
}

/** Who an approval is recorded as: a staff member by e-mail, anyone else by their actor name. */
const approverOf = (actor: Actor) => (actor.startsWith('staff:') ? actor.slice('staff:'.length) : actor);

export async function withdrawalApprover({ withdrawalId, actor, fourEyesCents, dataSource }: Props): Promise<QueuedWithdrawal> {
  if (!isWithdrawalId(withdrawalId)) throw notFound(`No withdrawal ${withdrawalId}`);
  return inTransaction(dataSource, async (tx) => {
    const withdrawals = tx.getRepository(Withdrawal);
    const withdrawal = await withdrawals.findOne({ where: { id: withdrawalId }, lock: { mode: 'pessimistic_write' } });
    if (!withdrawal) throw notFound(`No withdrawal ${withdrawalId}`);
    const approver = approverOf(actor);
    // Read with the row locked: every approval committed before this one is seen.
    const approvals = (await tx.query('SELECT staff_email FROM withdrawal_approvals WHERE withdrawal_id = $1', [withdrawalId])) as Array<{
      staff_email: string;
    }>;
    if (approvals.some((approval) => approval.staff_email === approver)) throw conflict('You have already approved this withdrawal', 'already_approved');
    if (withdrawal.status !== 'requested') throw conflict(`A ${withdrawal.status} withdrawal cannot be approved`, 'invalid_transition');

    await tx.query('INSERT INTO withdrawal_approvals (withdrawal_id, staff_email) VALUES ($1, $2)', [withdrawalId, approver]);
    const count = approvals.length + 1;
    const needed = approvalsNeeded(withdrawal.amountCents, fourEyesCents);
    const before = { status: withdrawal.status };
    if (count >= needed) {
      withdrawal.status = 'processing';
      await withdrawals.save(withdrawal);
    }
    const after = { status: withdrawal.status };
    await audit(tx, {
      actor,
      action: 'withdrawal.approved',
      subjectType: 'withdrawal',
      subjectId: withdrawalId,
      details: { before, after, approvals: count, approvalsNeeded: needed },
    });
    if (after.status === 'processing') {
      await audit(tx, { actor, action: 'withdrawal.processing', subjectType: 'withdrawal', subjectId: withdrawalId, details: { before, after } });
      await recordEvent(tx, { userId: withdrawal.userId, type: 'balance', payload: { withdrawalId, status: 'processing' } });
    }
    return queuedWithdrawal(tx, withdrawalId);
  });
}
