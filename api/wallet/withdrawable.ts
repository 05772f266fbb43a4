/**
 * How much of a user's balance may leave the platform now. Money paid in through the hosted
 * checkout (card, PayPal) can be spent at once but withdrawn only after the clearing period
 * (DEPOSIT_CLEARING_DAYS from its payment), while the payer can still take it back; bank wire, SEPA
 * and crypto transfers are credited by operators once they have arrived, cleared. Withdrawable is
 * the available balance less the checkout deposits still clearing (less what was already taken
 * back of them), never below zero. While the user owes after a chargeback (their balance is then
 * zero), they can neither withdraw nor buy.
 */
import { type EntityManager } from 'typeorm';
import { formatUsd } from '../../shared/money';
import { forbidden } from '../errors';
import { availableBalance, owedBy } from '../ledger/ledger';

type Queryable = Pick<EntityManager, 'query'>;

/** What the user's checkout deposits of the last `clearingDays` brought in and still hold, in cents. */
export async function clearingCents(manager: Queryable, userId: string, clearingDays: number): Promise<bigint> {
  const [row] = (await manager.query(
    `SELECT COALESCE(sum(amount_cents - reversed_cents), 0)::text AS cents FROM deposits
     WHERE user_id = $1 AND method = 'paypal' AND status = 'completed' AND completed_at > now() - make_interval(days => $2)`,
    [userId, clearingDays],
  )) as Array<{ cents: string }>;
  return BigInt(row!.cents);
}

/** The available balance less what is still clearing, never below zero. */
export function withdrawableOf(availableCents: bigint, clearing: bigint): bigint {
  return availableCents > clearing ? availableCents - clearing : 0n;
}

/** The user's available balance, the part of it that can be withdrawn now, and what they owe. */
export async function withdrawableBalance(
  manager: Queryable,
  userId: string,
  clearingDays: number,
): Promise<{ availableCents: bigint; withdrawableCents: bigint; owedCents: bigint }> {
  const availableCents = await availableBalance(manager, userId);
  return {
    availableCents,
    withdrawableCents: withdrawableOf(availableCents, await clearingCents(manager, userId, clearingDays)),
    owedCents: await owedBy(manager, userId),
  };
}

/** The refusal of a purchase or withdrawal while the account owes after a chargeback (403). */
export const accountInDebt = (owedCents: bigint) =>
  forbidden(
    `Your account owes ${formatUsd(owedCents)} after a chargeback. Purchases and withdrawals are blocked until it is repaid: add funds to settle it.`,
    'account_in_debt',
  );
