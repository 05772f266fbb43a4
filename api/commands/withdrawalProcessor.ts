/**
 * An operator finishes a withdrawal: `paid` (the payout went out; its reference at the bank or
 * provider is kept, and the pending money leaves the platform), only once it is `processing`,
 * i.e. approved as withdrawalApprover requires; or `rejected` from requested or processing (the
 * amount returns to the user's balance, with the reason in their history). The status, the money
 * and the audit record of who did it commit together, with the withdrawal row locked.
 */
import { type DataSource } from 'typeorm';
import { formatMoney, formatUsd } from '../../shared/money';
import { audit, type Actor } from '../audit/auditLog';
import { inTransaction } from '../db/transaction';
import { Withdrawal } from '../entities';
import { conflict, notFound } from '../errors';
import { recordEvent } from '../events/domainEvents';
import { availableBalance } from '../ledger/ledger';
import { payWithdrawal, reverseWithdrawal } from '../ledger/postings';
import { approvalsNeeded, isWithdrawalId, queuedWithdrawal, type QueuedWithdrawal } from '../wallet/withdrawalQueue';

type Outcome =
  /** The payout's reference at the bank or provider. */
  | { to: 'paid'; reference: string }
  /** Shown to the user in their history. */
  | { to: 'rejected'; reason: string };

type Props = Outcome & {
  withdrawalId: string;
  /** Who does it: `CLI_ACTOR` for the ops commands, `staff:<e-mail>` for the console. */
  actor: Actor;
  /** WITHDRAWAL_FOUR_EYES_USD in cents, for saying how many approvals an unapproved one still needs. */
  fourEyesCents: bigint;
  dataSource: DataSource;
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export async function withdrawalProcessor(props: Props): Promise<QueuedWithdrawal> {
  const { withdrawalId, actor, fourEyesCents, dataSource } = props;
  if (!isWithdrawalId(withdrawalId)) throw notFound(`No withdrawal ${withdrawalId}`);
  return inTransaction(dataSource, async (tx) => {
    const withdrawals = tx.getRepository(Withdrawal);
    const withdrawal = await withdrawals.findOne({ where: { id: withdrawalId }, lock: { mode: 'pessimistic_write' } });
    if (!withdrawal) throw notFound(`No withdrawal ${withdrawalId}`);
    const before = { status: withdrawal.status };
    const cents = withdrawal.amountCents;

    if (props.to === 'paid') {
      if (withdrawal.status === 'requested') {
        const [{ count }] = (await tx.query('SELECT count(*)::int AS count FROM withdrawal_approvals WHERE withdrawal_id = $1', [withdrawalId])) as [
          { count: number },
        ];
        // At least one: approved once while the threshold was lower, it may have enough for today's
        // threshold, but only an approval moves it to processing.
        const missing = Math.max(1, approvalsNeeded(cents, fourEyesCents) - count);
        throw conflict(`This withdrawal needs ${plural(missing, 'more approval')} before it can be paid`, 'approvals_missing');
      }
      if (withdrawal.status !== 'processing') throw conflict(`A ${withdrawal.status} withdrawal cannot be paid`, 'invalid_transition');
      await payWithdrawal(tx, { cents, withdrawalId });
      withdrawal.status = 'paid';
      withdrawal.payoutReference = props.reference;
    } else {
      if (withdrawal.status !== 'requested' && withdrawal.status !== 'processing') {
        throw conflict(`A ${withdrawal.status} withdrawal cannot be rejected`, 'invalid_transition');
      }
      await reverseWithdrawal(tx, {
        userId: withdrawal.userId,
        cents,
        withdrawalId,
        description: `Withdrawal of ${formatUsd(cents)} rejected: ${props.reason}; funds returned`,
      });
      withdrawal.status = 'rejected';
      withdrawal.note = props.reason;
    }
    await withdrawals.save(withdrawal);
    const after = { status: withdrawal.status };
    const detail = props.to === 'paid' ? { reference: props.reference } : { reason: props.reason };
    await audit(tx, { actor, action: `withdrawal.${props.to}`, subjectType: 'withdrawal', subjectId: withdrawalId, details: { ...detail, before, after } });
    // The user's open Withdraw screen follows the status; a rejection also changes their balance.
    const balance = props.to === 'rejected' ? { balance: formatMoney(await availableBalance(tx, withdrawal.userId)) } : {};
    await recordEvent(tx, { userId: withdrawal.userId, type: 'balance', payload: { ...balance, withdrawalId, status: withdrawal.status } });
    return queuedWithdrawal(tx, withdrawalId);
  });
}
