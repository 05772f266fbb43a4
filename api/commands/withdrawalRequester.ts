/**
 * A user asks to withdraw: to a saved method or to a new method's details (snapshotted, encrypted,
 * so deleting the method later does not lose where the money goes). The amount leaves the
 * available balance at once and waits in withdrawals-pending until an operator pays or rejects it.
 * Only what has cleared can go (wallet/withdrawable.ts): not checkout deposits still in their
 * clearing period, and nothing while the account owes after a chargeback. The balance is locked
 * while this is decided, so parallel requests cannot together take out uncleared money. A frozen
 * account cannot withdraw: 403 `account_frozen` (users/frozenAccounts.ts).
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { formatMoney, formatUsd } from '../../shared/money';
import { notYetWithdrawableMessage, type WithdrawalRequest } from '../../shared/schemas/wallet';
import { audit } from '../audit/auditLog';
import { type FieldCipher } from '../crypto/fieldCipher';
import { joinOrBegin } from '../db/transaction';
import { PaymentMethod, Withdrawal } from '../entities';
import { type PaymentMethodDetails, type PaymentMethodSecrets } from '../entities/PaymentMethod';
import { badRequest, notFound } from '../errors';
import { recordEvent } from '../events/domainEvents';
import { availableBalance, InsufficientFundsError, lockUserBalances } from '../ledger/ledger';
import { holdWithdrawal } from '../ledger/postings';
import { destinationSummary, maskSecrets, splitPaymentMethod } from '../presenters/wallet';
import { assertNotFrozen } from '../users/frozenAccounts';
import { accountInDebt, clearingCents, withdrawableOf } from '../wallet/withdrawable';

const notEnough = () =>
  badRequest('Balance not enough - Top up balance', { amount: 'Balance not enough - Top up balance' }, 'insufficient_balance');

interface Props {
  userId: string;
  request: WithdrawalRequest;
  /** DEPOSIT_CLEARING_DAYS: checkout deposits younger than this cannot be withdrawn yet. */
  clearingDays: number;
  dataSource: DataSource;
  cipher: FieldCipher;
  /** The request's idempotency transaction, when there is one. */
  manager?: EntityManager;
}

export async function withdrawalRequester({ userId, request, clearingDays, dataSource, cipher, manager }: Props): Promise<{ withdrawal: Withdrawal; balanceCents: bigint }> {
  try {
    return await joinOrBegin(dataSource, manager, async (tx) => {
      await assertNotFrozen(tx, userId);
      let destination: { type: Withdrawal['methodType']; details: PaymentMethodDetails; secrets: PaymentMethodSecrets };
      if (request.paymentMethodId) {
        const saved = await tx
          .getRepository(PaymentMethod)
          .findOne({ select: { id: true, type: true, details: true, keyId: true, secret: true }, where: { id: request.paymentMethodId, userId } });
        if (!saved) throw notFound('Payment method not found');
        const secrets = JSON.parse(cipher.open({ keyId: saved.keyId, value: saved.secret })) as PaymentMethodSecrets;
        destination = { type: saved.type, details: saved.details, secrets };
      } else {
        destination = { type: request.method!.type, ...splitPaymentMethod(request.method!) };
      }
      const { available, owed } = await lockUserBalances(tx, userId);
      if (owed > 0n) throw accountInDebt(owed);
      // Checked here for the clear message; the ledger's CHECK constraint is what really holds.
      if (available < request.amount) throw notEnough();
      const withdrawable = withdrawableOf(available, await clearingCents(tx, userId, clearingDays));
      if (request.amount > withdrawable) {
        const message = notYetWithdrawableMessage(formatUsd(withdrawable), clearingDays);
        throw badRequest(message, { amount: message }, 'deposit_not_cleared');
      }

      const { type, details, secrets } = destination;
      const sealed = cipher.seal(JSON.stringify({ type, ...details, ...secrets }));
      const withdrawals = tx.getRepository(Withdrawal);
      const withdrawal = await withdrawals.save(
        withdrawals.create({
          userId,
          amountCents: request.amount,
          methodType: type,
          methodSummary: destinationSummary(type, details, maskSecrets(secrets)),
          keyId: sealed.keyId,
          destination: sealed.value,
        }),
      );
      await holdWithdrawal(tx, {
        userId,
        cents: request.amount,
        withdrawalId: withdrawal.id,
        description: `Withdrawal of ${formatUsd(request.amount)} to ${withdrawal.methodSummary}`,
      });
      const balanceCents = await availableBalance(tx, userId);
      await audit(tx, {
        actor: `user:${userId}`,
        action: 'withdrawal.requested',
        subjectType: 'withdrawal',
        subjectId: withdrawal.id,
        details: { amountCents: request.amount.toString() },
      });
      await recordEvent(tx, { userId, type: 'balance', payload: { balance: formatMoney(balanceCents), withdrawalId: withdrawal.id, status: withdrawal.status } });
      return { withdrawal, balanceCents };
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw notEnough();
    throw error;
  }
}
