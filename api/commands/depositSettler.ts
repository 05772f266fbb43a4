/**
 * Applies a verified payment-provider event to its deposit: the only way a checkout deposit is
 * credited, exactly once (the deposit row is locked and its ledger posting has a unique
 * reference). A payment confirmed after the user left the checkout is still money received.
 */
import { type DataSource } from 'typeorm';
import { formatMoney, formatUsd } from '../../shared/money';
import { audit } from '../audit/auditLog';
import { inTransaction } from '../db/transaction';
import { Deposit } from '../entities';
import { notFound, unprocessable } from '../errors';
import { recordEvent } from '../events/domainEvents';
import { availableBalance } from '../ledger/ledger';
import { creditDeposit } from '../ledger/postings';
import { type PaymentEvent } from '../payments/gateway';

export type SettleOutcome = 'credited' | 'cancelled' | 'already_settled' | 'ignored';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACTOR = 'system:payment-webhook';

export async function depositSettler({ event, dataSource }: { event: PaymentEvent; dataSource: DataSource }): Promise<SettleOutcome> {
  if (event.type === 'ignored') return 'ignored';
  return inTransaction(dataSource, async (tx) => {
    const deposits = tx.getRepository(Deposit);
    const deposit = UUID.test(event.depositId)
      ? await deposits.findOne({ where: { id: event.depositId, method: 'paypal' }, lock: { mode: 'pessimistic_write' } })
      : null;
    if (!deposit) {
      // A checkout whose deposit rolled back after the provider made it (see depositCreator) can
      // only expire; money for an unknown deposit is answered 404 so the provider keeps telling us.
      if (event.type === 'checkout.cancelled') return 'ignored';
      throw notFound('Unknown deposit');
    }
    if (deposit.providerCheckoutId !== event.checkoutId) throw unprocessable('The checkout does not belong to this deposit', 'checkout_mismatch');

    if (event.type === 'checkout.cancelled') {
      if (deposit.status !== 'pending') return 'already_settled';
      await deposits.update({ id: deposit.id }, { status: 'cancelled' });
      await audit(tx, { actor: ACTOR, action: 'deposit.cancelled', subjectType: 'deposit', subjectId: deposit.id, details: { eventId: event.eventId } });
      return 'cancelled';
    }
    if (event.amountCents !== deposit.amountCents || event.currency.toLowerCase() !== 'usd') {
      throw unprocessable('The paid amount does not match the deposit', 'amount_mismatch');
    }
    if (deposit.status === 'completed') return 'already_settled';
    await deposits.update({ id: deposit.id }, { status: 'completed', completedAt: () => 'now()' });
    await creditDeposit(tx, {
      userId: deposit.userId,
      cents: deposit.amountCents,
      depositId: deposit.id,
      description: `Deposit via PayPal checkout (${formatUsd(deposit.amountCents)})`,
    });
    await audit(tx, { actor: ACTOR, action: 'deposit.credited', subjectType: 'deposit', subjectId: deposit.id, details: { eventId: event.eventId } });
    const balance = formatMoney(await availableBalance(tx, deposit.userId));
    await recordEvent(tx, { userId: deposit.userId, type: 'balance', payload: { balance, depositId: deposit.id, status: 'completed' } });
    return 'credited';
  });
}
