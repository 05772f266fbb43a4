/**
 * Coming back from the hosted checkout (`/add-funds?deposit=success|cancelled`): which banner to
 * show, and when a successful payment counts as credited. The provider's signed webhook may still
 * be on its way when the browser returns, so the banner polls until the newest deposit is no
 * longer pending or the balance has changed, at most CREDIT_POLL_ATTEMPTS times.
 */
import type { DepositStatus } from '../../../../shared/schemas/wallet';

/** The query parameter the checkout's return URLs carry. */
export const DEPOSIT_RETURN_PARAM = 'deposit';

/** After a successful checkout: ask for the user and deposits this often, this many times at most (~10 s). */
export const CREDIT_POLL_INTERVAL_MS = 2_000;
export const CREDIT_POLL_ATTEMPTS = 5;

export type DepositReturn = 'success' | 'cancelled';

/** The banner to show for the parameter's value; anything else shows none. */
export function depositReturnOutcome(value: string | null): DepositReturn | null {
  return value === 'success' || value === 'cancelled' ? value : null;
}

/**
 * True once the deposit shows as credited: the newest deposit completed, or the balance moved
 * since the page loaded (the deposits list may lag behind the user's balance, or the other way).
 */
export function isDepositCredited({
  latestStatus,
  initialBalance,
  balance,
}: {
  latestStatus: DepositStatus | undefined;
  initialBalance: string | undefined;
  balance: string | undefined;
}): boolean {
  if (latestStatus === 'completed') return true;
  return initialBalance !== undefined && balance !== undefined && balance !== initialBalance;
}
