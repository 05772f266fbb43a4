/**
 * Deposits. A PayPal-type deposit is created pending with a hosted checkout; the provider's signed
 * webhook settles it — the only way it is credited, exactly once (the deposit row is locked and
 * its ledger posting has a unique reference). Bank wire, SEPA and crypto transfers are credited by
 * an operator, exactly once per transfer reference.
 */
import { type DataSource } from 'typeorm';
import { formatUsd } from '../../shared/money';
import { type DepositCheckout } from '../../shared/schemas/wallet';
import { inTransaction } from '../db/transaction';
import { HttpError, notFound, unprocessable } from '../errors';
import { creditDeposit } from '../ledger/postings';
import { type Logger } from '../logger';
import { type PaymentEvent, type PaymentGateway } from '../payments/gateway';

interface CreateProps {
  userId: string;
  amountCents: bigint;
  /** Where the provider returns the browser: `${PUBLIC_URL}/add-funds`. */
  returnUrl: string;
  dataSource: DataSource;
  payments: PaymentGateway;
  logger: Logger;
}

export async function depositCreator({ userId, amountCents, returnUrl, dataSource, payments, logger }: CreateProps): Promise<DepositCheckout> {
  const [deposit] = (await dataSource.query(
    `INSERT INTO deposits (user_id, method, amount_cents) VALUES ($1, 'paypal', $2) RETURNING id`,
    [userId, amountCents.toString()],
  )) as Array<{ id: string }>;
  const depositId = deposit!.id;
  try {
    const checkout = await payments.createCheckout({
      depositId,
      amountCents,
      successUrl: `${returnUrl}?deposit=success`,
      cancelUrl: `${returnUrl}?deposit=cancelled`,
    });
    await dataSource.query('UPDATE deposits SET provider_checkout_id = $2 WHERE id = $1', [depositId, checkout.checkoutId]);
    return { depositId, checkoutUrl: checkout.checkoutUrl };
  } catch (error) {
    logger.error({ err: error, depositId }, 'creating the checkout failed');
    await dataSource.query(`UPDATE deposits SET status = 'failed' WHERE id = $1`, [depositId]);
    throw new HttpError(503, 'payment_provider_unavailable', 'The payment provider is unavailable; please try again shortly');
  }
}

export type SettleOutcome = 'credited' | 'cancelled' | 'already_settled' | 'ignored';

/** Applies a verified provider event to its deposit. */
export async function depositSettler({ event, dataSource }: { event: PaymentEvent; dataSource: DataSource }): Promise<SettleOutcome> {
  if (event.type === 'ignored') return 'ignored';
  return inTransaction(dataSource, async (manager) => {
    const [deposit] = (await manager.query(
      `SELECT id, user_id, amount_cents, status, provider_checkout_id FROM deposits
       WHERE id = $1 AND method = 'paypal' FOR UPDATE`,
      [/^[0-9a-f-]{36}$/i.test(event.depositId) ? event.depositId : '00000000-0000-0000-0000-000000000000'],
    )) as Array<{ id: string; user_id: string; amount_cents: string; status: string; provider_checkout_id: string | null }>;
    if (!deposit) throw notFound('Unknown deposit');
    if (deposit.provider_checkout_id !== event.checkoutId) throw unprocessable('The checkout does not belong to this deposit', 'checkout_mismatch');

    if (event.type === 'checkout.cancelled') {
      if (deposit.status !== 'pending') return 'already_settled';
      await manager.query(`UPDATE deposits SET status = 'cancelled' WHERE id = $1`, [deposit.id]);
      return 'cancelled';
    }
    const amount = BigInt(deposit.amount_cents);
    if (event.amountCents !== amount || event.currency.toLowerCase() !== 'usd') {
      throw unprocessable('The paid amount does not match the deposit', 'amount_mismatch');
    }
    if (deposit.status === 'completed') return 'already_settled';
    // A payment confirmed after the user left the checkout (cancelled) is still money received.
    await manager.query(`UPDATE deposits SET status = 'completed', completed_at = now() WHERE id = $1`, [deposit.id]);
    await creditDeposit(manager, { userId: deposit.user_id, cents: amount, depositId: deposit.id, description: `Deposit via PayPal checkout (${formatUsd(amount)})` });
    return 'credited';
  });
}

export const MANUAL_DEPOSIT_METHODS = ['bank_wire_usa', 'iban_sepa', 'crypto'] as const;
const MANUAL_LABELS = { bank_wire_usa: 'bank wire', iban_sepa: 'SEPA transfer', crypto: 'crypto transfer' } as const;

interface ManualProps {
  steamId: string;
  amountCents: bigint;
  /** The transfer's own reference (bank reference, transaction hash): credited once. */
  reference: string;
  method: (typeof MANUAL_DEPOSIT_METHODS)[number];
  dataSource: DataSource;
}

/** Credits a bank wire, SEPA or crypto transfer an operator has seen arrive; idempotent by reference. */
export async function manualDepositCreditor({ steamId, amountCents, reference, method, dataSource }: ManualProps) {
  return inTransaction(dataSource, async (manager) => {
    const [user] = (await manager.query('SELECT id FROM users WHERE steam_id = $1', [steamId])) as Array<{ id: string }>;
    if (!user) throw notFound(`No user with Steam ID ${steamId}`);
    const [created] = (await manager.query(
      `INSERT INTO deposits (user_id, method, amount_cents, status, external_reference, completed_at)
       VALUES ($1, $2, $3, 'completed', $4, now())
       ON CONFLICT (external_reference) DO NOTHING RETURNING id`,
      [user.id, method, amountCents.toString(), reference],
    )) as Array<{ id: string }>;
    if (!created) {
      const [existing] = (await manager.query('SELECT id, user_id, amount_cents FROM deposits WHERE external_reference = $1', [reference])) as Array<{
        id: string;
        user_id: string;
        amount_cents: string;
      }>;
      return { depositId: existing!.id, credited: false, sameDeposit: existing!.user_id === user.id && BigInt(existing!.amount_cents) === amountCents };
    }
    await creditDeposit(manager, {
      userId: user.id,
      cents: amountCents,
      depositId: created.id,
      description: `Deposit by ${MANUAL_LABELS[method]} (${formatUsd(amountCents)})`,
    });
    return { depositId: created.id, credited: true, sameDeposit: true };
  });
}
