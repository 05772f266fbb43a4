/**
 * An operator moves a withdrawal on: `processing`, `paid` (the pending money leaves the platform)
 * or `rejected` (it returns to the user's balance, with the reason in their history). The status,
 * the money and the audit record of who did it commit together, with the withdrawal row locked.
 */
import { type DataSource } from 'typeorm';
import { formatMoney, formatUsd } from '../../shared/money';
import { type WithdrawalStatus } from '../../shared/schemas/wallet';
import { audit, type Actor } from '../audit/auditLog';
import { inTransaction } from '../db/transaction';
import { Withdrawal } from '../entities';
import { conflict, notFound } from '../errors';
import { recordEvent } from '../events/domainEvents';
import { availableBalance } from '../ledger/ledger';
import { payWithdrawal, reverseWithdrawal } from '../ledger/postings';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const NEXT_STATUSES: Record<WithdrawalStatus, WithdrawalStatus[]> = {
  requested: ['processing', 'paid', 'rejected'],
  processing: ['paid', 'rejected'],
  paid: [],
  rejected: [],
};

interface Props {
  withdrawalId: string;
  to: Exclude<WithdrawalStatus, 'requested'>;
  /** Shown to the user with a rejection (and kept for the record otherwise). */
  note?: string;
  /** Who does it: `CLI_ACTOR` for the ops commands, `staff:<e-mail>` for the consoles. */
  actor: Actor;
  dataSource: DataSource;
}

export async function withdrawalProcessor({ withdrawalId, to, note, actor, dataSource }: Props): Promise<Withdrawal> {
  return inTransaction(dataSource, async (tx) => {
    const withdrawals = tx.getRepository(Withdrawal);
    if (!UUID.test(withdrawalId)) throw notFound(`No withdrawal ${withdrawalId}`);
    const withdrawal = await withdrawals.findOne({ where: { id: withdrawalId }, lock: { mode: 'pessimistic_write' } });
    if (!withdrawal) throw notFound(`No withdrawal ${withdrawalId}`);
    const from = withdrawal.status;
    if (!NEXT_STATUSES[from].includes(to)) throw conflict(`A ${from} withdrawal cannot become ${to}`, 'invalid_transition');
    const cents = withdrawal.amountCents;
    if (to === 'paid') await payWithdrawal(tx, { cents, withdrawalId });
    if (to === 'rejected') {
      await reverseWithdrawal(tx, {
        userId: withdrawal.userId,
        cents,
        withdrawalId,
        description: `Withdrawal of ${formatUsd(cents)} rejected${note ? `: ${note}` : ''}; funds returned`,
      });
    }
    withdrawal.status = to;
    if (note !== undefined) withdrawal.note = note;
    const saved = await withdrawals.save(withdrawal);
    await audit(tx, { actor, action: `withdrawal.${to}`, subjectType: 'withdrawal', subjectId: withdrawalId, details: { from, ...(note ? { note } : {}) } });
    const balance = to === 'rejected' ? { balance: formatMoney(await availableBalance(tx, withdrawal.userId)) } : {};
    await recordEvent(tx, { userId: withdrawal.userId, type: 'balance', payload: { ...balance, withdrawalId, status: to } });
    return saved;
  });
}
