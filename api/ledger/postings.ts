/**
 * One function per kind of money movement, each a balanced ledger posting with a unique reference
 * so it can be applied only once. Callers run them inside their own database transaction, next to
 * the state change they belong to (a deposit completing, a withdrawal being requested …).
 */
import { type EntityManager } from 'typeorm';
import { feeCents, formatUsd } from '../../shared/money';
import { lockUserBalances, post } from './ledger';

function positive(cents: bigint): bigint {
  if (cents <= 0n) throw new Error('a money movement must be a positive amount');
  return cents;
}

/** Money arrives from outside (a completed checkout, a credited bank transfer). */
export function creditDeposit(manager: EntityManager, p: { userId: string; cents: bigint; depositId: string; description: string }) {
  const cents = positive(p.cents);
  return post(manager, {
    kind: 'deposit',
    description: p.description,
    reference: `deposit:${p.depositId}`,
    legs: [
      { account: { system: 'external' }, amount: -cents },
      { account: { user: p.userId }, amount: cents },
    ],
  });
}

/**
 * The provider took `cents` of a deposit back (a refund or a dispute): the money returns to the
 * outside world out of the user's available balance. What the balance does not cover becomes a debt
 * first (`debt`: owed, and credited so the balance can pay the chargeback), so the chargeback always
 * shows at its full amount in the user's history and the balance never goes below zero.
 * `reference` names the provider event (one chargeback per event).
 */
export async function chargeBack(
  manager: EntityManager,
  p: { userId: string; cents: bigint; reference: string; description: string },
): Promise<{ shortfall: bigint }> {
  const cents = positive(p.cents);
  // Locked, so the split below still holds when the money moves.
  const { available } = await lockUserBalances(manager, p.userId);
  const shortfall = cents > available ? cents - available : 0n;
  if (shortfall > 0n) {
    await post(manager, {
      kind: 'debt',
      description: `Owed after a chargeback: ${formatUsd(shortfall)} your balance did not cover, repaid from your next deposits and sales`,
      reference: `chargeback-shortfall:${p.reference}`,
      legs: [
        { account: { debt: p.userId }, amount: -shortfall },
        { account: { user: p.userId }, amount: shortfall },
      ],
    });
  }
  await post(manager, {
    kind: 'chargeback',
    description: p.description,
    reference: `chargeback:${p.reference}`,
    legs: [
      { account: { user: p.userId }, amount: -cents },
      { account: { system: 'external' }, amount: cents },
    ],
  });
  return { shortfall };
}

/**
 * A dispute ruled for us: the provider gave back `cents` it had taken, and they go back to the
 * user's available balance (a credit, so a debt the chargeback left is repaid from it first: see
 * ledger.ts `post`). `reference` names the provider event.
 */
export function reverseChargeback(manager: EntityManager, p: { userId: string; cents: bigint; reference: string; description: string }) {
  const cents = positive(p.cents);
  return post(manager, {
    kind: 'chargeback_reversal',
    description: p.description,
    reference: `chargeback-reversal:${p.reference}`,
    legs: [
      { account: { system: 'external' }, amount: -cents },
      { account: { user: p.userId }, amount: cents },
    ],
  });
}

/** A requested withdrawal leaves the available balance at once and waits as pending. */
export function holdWithdrawal(manager: EntityManager, p: { userId: string; cents: bigint; withdrawalId: string; description: string }) {
  const cents = positive(p.cents);
  return post(manager, {
    kind: 'withdrawal',
    description: p.description,
    reference: `withdrawal:${p.withdrawalId}`,
    legs: [
      { account: { user: p.userId }, amount: -cents },
      { account: { system: 'withdrawals_pending' }, amount: cents },
    ],
  });
}

/** The payout went out: pending money leaves the platform. */
export function payWithdrawal(manager: EntityManager, p: { cents: bigint; withdrawalId: string }) {
  const cents = positive(p.cents);
  return post(manager, {
    kind: 'withdrawal',
    description: 'Withdrawal paid out',
    reference: `withdrawal-paid:${p.withdrawalId}`,
    legs: [
      { account: { system: 'withdrawals_pending' }, amount: -cents },
      { account: { system: 'external' }, amount: cents },
    ],
  });
}

/** A rejected withdrawal returns to the available balance. */
export function reverseWithdrawal(manager: EntityManager, p: { userId: string; cents: bigint; withdrawalId: string; description: string }) {
  const cents = positive(p.cents);
  return post(manager, {
    kind: 'withdrawal_reversal',
    description: p.description,
    reference: `withdrawal-rejected:${p.withdrawalId}`,
    legs: [
      { account: { system: 'withdrawals_pending' }, amount: -cents },
      { account: { user: p.userId }, amount: cents },
    ],
  });
}

/**
 * A purchase moves the buyer's money into the order's own escrow until its items are settled;
 * answers the buyer's available balance after it.
 */
export async function purchaseToEscrow(
  manager: EntityManager,
  p: { buyerId: string; cents: bigint; orderId: string; description: string },
): Promise<{ balanceCents: bigint }> {
  const cents = positive(p.cents);
  const { balancesAfter } = await post(manager, {
    kind: 'purchase',
    description: p.description,
    reference: `purchase:${p.orderId}`,
    legs: [
      { account: { user: p.buyerId }, amount: -cents },
      { account: { escrow: p.orderId }, amount: cents },
    ],
  });
  return { balanceCents: balancesAfter[0]! };
}

/**
 * A delivered item: its price leaves the order's escrow; the seller receives it less the platform
 * fee, and the fee goes to the platform.
 */
export function payoutWithFee(
  manager: EntityManager,
  p: { sellerId: string; priceCents: bigint; listingId: string; orderId: string; description: string },
) {
  const price = positive(p.priceCents);
  const fee = feeCents(price);
  return post(manager, {
    kind: 'sale_payout',
    description: p.description,
    reference: `payout:${p.listingId}`,
    legs: [
      { account: { escrow: p.orderId }, amount: -price },
      { account: { user: p.sellerId }, amount: price - fee },
      ...(fee > 0n ? [{ account: { system: 'platform_fees' as const }, amount: fee }] : []),
    ],
  });
}

/** An undeliverable (or reversed) item's price returns from the order's escrow to the buyer. */
export function refundFromEscrow(
  manager: EntityManager,
  p: { buyerId: string; cents: bigint; orderId: string; reference: string; description: string },
) {
  const cents = positive(p.cents);
  return post(manager, {
    kind: 'refund',
    description: p.description,
    reference: `refund:${p.reference}`,
    legs: [
      { account: { escrow: p.orderId }, amount: -cents },
      { account: { user: p.buyerId }, amount: cents },
    ],
  });
}

/**
 * A placed buy order sets its price × quantity aside from the bidder's available balance in the
 * order's own reserve; answers the available balance after it.
 */
export async function reserveForBuyOrder(
  manager: EntityManager,
  p: { userId: string; cents: bigint; buyOrderId: string; description: string },
): Promise<{ balanceCents: bigint }> {
  const cents = positive(p.cents);
  const { balancesAfter } = await post(manager, {
    kind: 'buy_order',
    description: p.description,
    reference: `buy-order:${p.buyOrderId}`,
    legs: [
      { account: { user: p.userId }, amount: -cents },
      { account: { reserve: p.buyOrderId }, amount: cents },
    ],
  });
  return { balanceCents: balancesAfter[0]! };
}

/**
 * One unit of a buy order filled: the bid's price leaves its reserve, the listing's price into the
 * new order's escrow (as a purchase would put it) and what the bid held above it back to the
 * bidder's available balance (no leg when the listing was at the bid's price: the ledger refuses
 * zero amounts).
 */
export function fillFromReserve(
  manager: EntityManager,
  p: { bidderId: string; buyOrderId: string; bidCents: bigint; listingCents: bigint; orderId: string; description: string },
) {
  const bid = positive(p.bidCents);
  const price = positive(p.listingCents);
  const returned = bid - price;
  if (returned < 0n) throw new Error('a buy order fills only at or below its price');
  return post(manager, {
    kind: 'buy_order_fill',
    description: p.description,
    reference: `buy-order-fill:${p.orderId}`,
    legs: [
      { account: { reserve: p.buyOrderId }, amount: -bid },
      { account: { escrow: p.orderId }, amount: price },
      ...(returned > 0n ? [{ account: { user: p.bidderId }, amount: returned }] : []),
    ],
  });
}

/** A cancelled buy order's reserve, whatever it still holds, returns to the bidder's available balance. */
export function releaseReserve(manager: EntityManager, p: { userId: string; cents: bigint; buyOrderId: string; description: string }) {
  const cents = positive(p.cents);
  return post(manager, {
    kind: 'buy_order_release',
    description: p.description,
    reference: `buy-order-release:${p.buyOrderId}`,
    legs: [
      { account: { reserve: p.buyOrderId }, amount: -cents },
      { account: { user: p.userId }, amount: cents },
    ],
  });
}
