/**
 * Withdrawals: requested by the user (the amount leaves the available balance at once and waits
 * in withdrawals-pending), then processed by an operator: `processing`, `paid` (the money leaves
 * the platform) or `rejected` (the money returns). Each step is one transaction with row locks.
 */
import { type DataSource } from 'typeorm';
import { formatUsd } from '../../shared/money';
import { type WithdrawalRequest, type WithdrawalStatus } from '../../shared/schemas/wallet';
import { type FieldCipher } from '../crypto/fieldCipher';
import { inTransaction } from '../db/transaction';
import { HttpError, badRequest, conflict, notFound } from '../errors';
import { availableBalance, InsufficientFundsError } from '../ledger/ledger';
import { holdWithdrawal, payWithdrawal, reverseWithdrawal } from '../ledger/postings';
import {
  destinationSummary,
  maskSecrets,
  presentWithdrawal,
  splitPaymentMethod,
  type PaymentMethodDetails,
  type PaymentMethodSecrets,
  type WithdrawalRow,
} from '../presenters/wallet';

const notEnough = () =>
  badRequest('Balance not enough - Top up balance', { amount: 'Balance not enough - Top up balance' }, 'insufficient_balance');

const WITHDRAWAL_COLUMNS = 'id, amount_cents, status, method_type, method_summary, note, created_at, updated_at';

interface RequestProps {
  userId: string;
  request: WithdrawalRequest;
  dataSource: DataSource;
  cipher: FieldCipher;
}

export async function withdrawalRequester({ userId, request, dataSource, cipher }: RequestProps) {
  try {
    return await inTransaction(dataSource, async (manager) => {
      let type;
      let details: PaymentMethodDetails;
      let secrets: PaymentMethodSecrets;
      if (request.paymentMethodId) {
        const [saved] = (await manager.query('SELECT type, details, key_id, secret FROM payment_methods WHERE id = $1 AND user_id = $2', [
          request.paymentMethodId,
          userId,
        ])) as Array<{ type: WithdrawalRow['method_type']; details: PaymentMethodDetails; key_id: string; secret: string }>;
        if (!saved) throw notFound('Payment method not found');
        type = saved.type;
        details = saved.details;
        secrets = JSON.parse(cipher.open({ keyId: saved.key_id, value: saved.secret })) as PaymentMethodSecrets;
      } else {
        const split = splitPaymentMethod(request.method!);
        type = request.method!.type;
        details = split.details;
        secrets = split.secrets;
      }
      // Checked here for the clear message; the ledger's CHECK constraint is what really holds.
      if ((await availableBalance(manager, userId)) < request.amount) throw notEnough();

      const destination = cipher.seal(JSON.stringify({ type, ...details, ...secrets }));
      const [row] = (await manager.query(
        `INSERT INTO withdrawals (user_id, amount_cents, method_type, method_summary, key_id, destination)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${WITHDRAWAL_COLUMNS}`,
        [userId, request.amount.toString(), type, destinationSummary(type, details, maskSecrets(secrets)), destination.keyId, destination.value],
      )) as WithdrawalRow[];
      await holdWithdrawal(manager, {
        userId,
        cents: request.amount,
        withdrawalId: row!.id,
        description: `Withdrawal of ${formatUsd(request.amount)} to ${row!.method_summary}`,
      });
      return { withdrawal: presentWithdrawal(row!), balanceCents: await availableBalance(manager, userId) };
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw notEnough();
    throw error;
  }
}

const NEXT_STATUSES: Record<WithdrawalStatus, WithdrawalStatus[]> = {
  requested: ['processing', 'paid', 'rejected'],
  processing: ['paid', 'rejected'],
  paid: [],
  rejected: [],
};

interface ProcessProps {
  withdrawalId: string;
  to: Exclude<WithdrawalStatus, 'requested'>;
  /** Shown to the user with a rejection (and kept for the record otherwise). */
  note?: string;
  dataSource: DataSource;
}

/** An operator moves a withdrawal on; paying and rejecting move the money too. */
export async function withdrawalProcessor({ withdrawalId, to, note, dataSource }: ProcessProps) {
  return inTransaction(dataSource, async (manager) => {
    const [current] = (await manager.query('SELECT id, user_id, amount_cents, status FROM withdrawals WHERE id = $1 FOR UPDATE', [
      withdrawalId,
    ])) as Array<{ id: string; user_id: string; amount_cents: string; status: WithdrawalStatus }>;
    if (!current) throw notFound(`No withdrawal ${withdrawalId}`);
    if (!NEXT_STATUSES[current.status].includes(to)) throw conflict(`A ${current.status} withdrawal cannot become ${to}`, 'invalid_transition');
    const cents = BigInt(current.amount_cents);
    if (to === 'paid') await payWithdrawal(manager, { cents, withdrawalId });
    if (to === 'rejected') {
      await reverseWithdrawal(manager, {
        userId: current.user_id,
        cents,
        withdrawalId,
        description: `Withdrawal of ${formatUsd(cents)} rejected${note ? `: ${note}` : ''}; funds returned`,
      });
    }
    const [row] = (await manager.query(
      `WITH changed AS (UPDATE withdrawals SET status = $2, note = COALESCE($3, note), updated_at = now() WHERE id = $1 RETURNING *)
       SELECT ${WITHDRAWAL_COLUMNS} FROM changed`,
      [withdrawalId, to, note ?? null],
    )) as WithdrawalRow[];
    return presentWithdrawal(row!);
  });
}

/** The destination in full, for the operator paying it out (never for the API). */
export async function withdrawalDestination(dataSource: DataSource, cipher: FieldCipher, withdrawalId: string): Promise<Record<string, string>> {
  const [row] = (await dataSource.query('SELECT key_id, destination FROM withdrawals WHERE id = $1', [withdrawalId])) as Array<{
    key_id: string;
    destination: string;
  }>;
  if (!row) throw new HttpError(404, 'not_found', `No withdrawal ${withdrawalId}`);
  return JSON.parse(cipher.open({ keyId: row.key_id, value: row.destination })) as Record<string, string>;
}
