/**
 * Applies a verified payment-provider event to its deposit, each event once (its id is recorded
 * in the same transaction, so a replayed webhook changes nothing), with the deposit row locked:
 * - a completed checkout credits the deposit exactly once (its ledger posting has a unique
 *   reference) and keeps the provider's payment id, which refunds and disputes name. A payment
 *   confirmed after the user left the checkout is still money received;
 * - an expired checkout cancels a pending deposit;
 * - a refund or dispute takes (part of) a completed deposit back (ledger/postings.ts chargeBack):
 *   out of the user's balance, the rest as a debt. The provider's running total per refund/dispute
 *   is kept, so events restating it (a dispute's `created` then `funds_withdrawn`, a replay) move
 *   nothing more, and all of them together never take back more than the deposit brought in;
 * - a dispute ruled for us (the provider's money reinstated) gives back what that dispute took, once
 *   (a credit: a debt the chargeback left is repaid from it first). A reinstatement that arrives
 *   before its dispute is answered 409, so the provider sends it again after.
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { formatMoney, formatUsd } from '../../shared/money';
import { audit } from '../audit/auditLog';
import { inTransaction } from '../db/transaction';
import { Deposit } from '../entities';
import { conflict, notFound, unprocessable } from '../errors';
import { recordEvent } from '../events/domainEvents';
import { availableBalance, owedBy } from '../ledger/ledger';
import { chargeBack, creditDeposit, reverseChargeback } from '../ledger/postings';
import { type PaymentEvent, type PaymentReinstatement, type PaymentReversal } from '../payments/gateway';

export type SettleOutcome = 'credited' | 'cancelled' | 'reversed' | 'reinstated' | 'already_settled' | 'already_processed' | 'ignored';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACTOR = 'system:payment-webhook';

type DepositEvent = Exclude<PaymentEvent, { type: 'ignored' }>;

export async function depositSettler({ event, dataSource }: { event: PaymentEvent; dataSource: DataSource }): Promise<SettleOutcome> {
  if (event.type === 'ignored') return 'ignored';
  return inTransaction(dataSource, async (tx) => {
    const deposit = await lockDeposit(tx, event);
    if (!deposit) {
      // A checkout whose deposit rolled back after the provider made it (see depositCreator) can
      // only expire; money for an unknown deposit, or a reversal of an unknown payment, is
      // answered 404 so the provider keeps telling us.
      if (event.type === 'checkout.cancelled') return 'ignored';
      throw notFound('Unknown deposit');
    }
    // A copy of this event running at the same time waits here until this one commits.
    const [claimed] = (await tx.query(
      `INSERT INTO payment_provider_events (event_id, type, deposit_id, outcome) VALUES ($1, $2, $3, 'processing')
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [event.eventId, event.type, deposit.id],
    )) as unknown[];
    if (!claimed) return 'already_processed';

    const outcome =
      event.type === 'payment.reversed'
        ? await reverse(tx, deposit, event)
        : event.type === 'payment.reinstated'
          ? await reinstate(tx, deposit, event)
          : event.type === 'checkout.cancelled'
            ? await cancel(tx, deposit, event)
            : await credit(tx, deposit, event);
    await tx.query('UPDATE payment_provider_events SET outcome = $2 WHERE event_id = $1', [event.eventId, outcome]);
    return outcome;
  });
}

/** The PayPal-type deposit the event is about, locked; null when there is none. */
async function lockDeposit(tx: EntityManager, event: DepositEvent): Promise<Deposit | null> {
  const deposits = tx.getRepository(Deposit);
  const lock = { mode: 'pessimistic_write' } as const;
  if (event.depositId !== null && UUID.test(event.depositId)) {
    const deposit = await deposits.findOne({ where: { id: event.depositId, method: 'paypal' }, lock });
    const aboutPayment = event.type === 'payment.reversed' || event.type === 'payment.reinstated';
    if (deposit && !aboutPayment && deposit.providerCheckoutId !== event.checkoutId) {
      throw unprocessable('The checkout does not belong to this deposit', 'checkout_mismatch');
    }
    if (deposit && aboutPayment && event.paymentId && deposit.providerPaymentId && deposit.providerPaymentId !== event.paymentId) {
      throw unprocessable('The payment does not belong to this deposit', 'payment_mismatch');
    }
    return deposit;
  }
  if ((event.type === 'payment.reversed' || event.type === 'payment.reinstated') && event.paymentId) {
    return deposits.findOne({ where: { providerPaymentId: event.paymentId, method: 'paypal' }, lock });
  }
  return null;
}

async function cancel(tx: EntityManager, deposit: Deposit, event: DepositEvent): Promise<SettleOutcome> {
  if (deposit.status !== 'pending') return 'already_settled';
  await tx.getRepository(Deposit).update({ id: deposit.id }, { status: 'cancelled' });
  await audit(tx, { actor: ACTOR, action: 'deposit.cancelled', subjectType: 'deposit', subjectId: deposit.id, details: { eventId: event.eventId } });
  return 'cancelled';
}

async function credit(tx: EntityManager, deposit: Deposit, event: Extract<PaymentEvent, { type: 'checkout.completed' }>): Promise<SettleOutcome> {
  if (event.amountCents !== deposit.amountCents || event.currency.toLowerCase() !== 'usd') {
    throw unprocessable('The paid amount does not match the deposit', 'amount_mismatch');
  }
  if (deposit.status === 'completed') return 'already_settled';
  await tx.getRepository(Deposit).update({ id: deposit.id }, { status: 'completed', completedAt: () => 'now()', providerPaymentId: event.paymentId });
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
}

async function reverse(tx: EntityManager, deposit: Deposit, event: PaymentReversal): Promise<SettleOutcome> {
  if (event.currency.toLowerCase() !== 'usd') throw unprocessable('The reversed currency does not match the deposit', 'amount_mismatch');
  // Not credited yet (the provider does not promise order): answered 409, so it is sent again later.
  if (deposit.status !== 'completed') throw conflict('The deposit has not been credited yet', 'deposit_not_completed');

  const [previous] = (await tx.query('SELECT cents::text AS cents FROM deposit_reversals WHERE deposit_id = $1 AND source = $2', [
    deposit.id,
    event.source,
  ])) as Array<{ cents: string }>;
  const asked = event.amountCents - BigInt(previous?.cents ?? '0');
  if (asked <= 0n) return 'already_settled';
  await tx.query(
    `INSERT INTO deposit_reversals (deposit_id, source, cents) VALUES ($1, $2, $3)
     ON CONFLICT (deposit_id, source) DO UPDATE SET cents = EXCLUDED.cents, updated_at = now()`,
    [deposit.id, event.source, event.amountCents.toString()],
  );
  // A refund and a dispute of the same money must not take it back twice.
  const left = deposit.amountCents - deposit.reversedCents;
  const cents = asked < left ? asked : left;
  if (cents <= 0n) return 'already_settled';

  await tx.getRepository(Deposit).update({ id: deposit.id }, { reversedCents: deposit.reversedCents + cents });
  await tx.query('UPDATE deposit_reversals SET taken_cents = taken_cents + $3 WHERE deposit_id = $1 AND source = $2', [deposit.id, event.source, cents.toString()]);
  const amount = formatUsd(deposit.amountCents);
  const { shortfall } = await chargeBack(tx, {
    userId: deposit.userId,
    cents,
    reference: `${deposit.id}:${event.eventId}`,
    description:
      event.reason === 'refund'
        ? `Chargeback: the payment provider refunded ${formatUsd(cents)} of your PayPal deposit of ${amount}`
        : `Chargeback: your PayPal deposit of ${amount} was disputed with the payment provider`,
  });
  await audit(tx, {
    actor: ACTOR,
    action: 'deposit.reversed',
    subjectType: 'deposit',
    subjectId: deposit.id,
    details: { eventId: event.eventId, reason: event.reason, source: event.source, cents: cents.toString(), shortfallCents: shortfall.toString() },
  });
  await announceBalance(tx, deposit, 'reversed', cents);
  return 'reversed';
}

async function reinstate(tx: EntityManager, deposit: Deposit, event: PaymentReinstatement): Promise<SettleOutcome> {
  if (event.currency.toLowerCase() !== 'usd') throw unprocessable('The reinstated currency does not match the deposit', 'amount_mismatch');
  const [reversal] = (await tx.query('SELECT taken_cents::text AS taken FROM deposit_reversals WHERE deposit_id = $1 AND source = $2 FOR UPDATE', [
    deposit.id,
    event.source,
  ])) as Array<{ taken: string }>;
  // The dispute itself has not reached us yet (the provider does not promise order).
  if (!reversal) throw conflict('The dispute has not been applied yet', 'dispute_not_applied');
  const taken = BigInt(reversal.taken);
  const cents = event.amountCents < taken ? event.amountCents : taken;
  if (cents <= 0n) return 'already_settled';

  await tx.query('UPDATE deposit_reversals SET taken_cents = taken_cents - $3, updated_at = now() WHERE deposit_id = $1 AND source = $2', [
    deposit.id,
    event.source,
    cents.toString(),
  ]);
  await tx.getRepository(Deposit).update({ id: deposit.id }, { reversedCents: deposit.reversedCents - cents });
  await reverseChargeback(tx, {
    userId: deposit.userId,
    cents,
    reference: `${deposit.id}:${event.eventId}`,
    description: `Chargeback reversed: the dispute of your PayPal deposit of ${formatUsd(deposit.amountCents)} was closed in your favour`,
  });
  await audit(tx, {
    actor: ACTOR,
    action: 'deposit.reinstated',
    subjectType: 'deposit',
    subjectId: deposit.id,
    details: { eventId: event.eventId, source: event.source, cents: cents.toString() },
  });
  await announceBalance(tx, deposit, 'reinstated', cents);
  return 'reinstated';
}

/** Tells the user's open pages their balance and what they owe after a chargeback or its reversal. */
async function announceBalance(tx: EntityManager, deposit: Deposit, status: 'reversed' | 'reinstated', cents: bigint): Promise<void> {
  await recordEvent(tx, {
    userId: deposit.userId,
    type: 'balance',
    payload: {
      balance: formatMoney(await availableBalance(tx, deposit.userId)),
      owed: formatMoney(await owedBy(tx, deposit.userId)),
      depositId: deposit.id,
      status,
      ...(status === 'reversed' ? { reason: 'chargeback' } : {}),
      amount: formatMoney(cents),
    },
  });
}
