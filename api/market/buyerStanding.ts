/**
 * A buyer's standing. Every failed delivery is recorded with why it failed (delivery_failures); the
 * ones the buyer caused (they declined the offer, let it expire, or their trade URL or account could
 * not receive it) count against them. A failed delivery refunds the full price, so without this a
 * buyer could take any number of listings off the market for the length of their sellers' holds at
 * no cost to themselves: after DELIVERY_FAILURE_LIMIT such failures within
 * DELIVERY_FAILURE_WINDOW_DAYS, the account cannot buy until PURCHASE_RESTRICTION_DAYS after the
 * latest of them. Failures that were ours, Steam's or the seller's (the bot could not send, the item
 * was gone, the seller reversed the deposit) never count.
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { DELIVERY_FAILURE_LIMIT, DELIVERY_FAILURE_WINDOW_DAYS, PURCHASE_RESTRICTION_DAYS } from '../../shared/constants';
import { type User } from '../entities';
import { forbidden } from '../errors';
import { refuseIfFrozen } from '../users/frozenAccounts';
import { assertTradeUrlCanReceive, type TradeUrlCheckServices } from './tradeUrlCheck';

/**
 * Why a delivery failed. The buyer's doing: `declined` (declined or countered the offer), `expired`
 * (never answered it), `cannot_receive` (Steam refused to send to their trade URL). Not theirs:
 * `cancelled` (the offer was cancelled at Steam: by the bot, or at its confirmation), `invalid_items`
 * (the item was no longer in the bot), `other` (an end Steam did not name), `send_failed` (the bot
 * could not send it), `trade_reversed` (the seller reversed the deposit), `item_lost`.
 */
export type DeliveryFailureReason =
  | 'declined'
  | 'expired'
  | 'cannot_receive'
  | 'cancelled'
  | 'invalid_items'
  | 'other'
  | 'send_failed'
  | 'trade_reversed'
  | 'item_lost';

/** The failures that are the buyer's doing. */
export const BUYER_CAUSED_FAILURES: readonly DeliveryFailureReason[] = ['declined', 'expired', 'cannot_receive'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Records why an order item's delivery failed, in the transaction that refunds it. */
export async function recordDeliveryFailure(
  manager: EntityManager,
  p: { orderItemId: string; buyerId: string; reason: DeliveryFailureReason; at: Date },
): Promise<void> {
  await manager.query('INSERT INTO delivery_failures (order_item_id, buyer_id, reason, failed_at) VALUES ($1, $2, $3, $4)', [
    p.orderItemId,
    p.buyerId,
    p.reason,
    p.at,
  ]);
}

/**
 * Until when the buyer cannot buy, or null when they can: the latest buyer-caused failure that
 * completes DELIVERY_FAILURE_LIMIT of them within DELIVERY_FAILURE_WINDOW_DAYS, plus
 * PURCHASE_RESTRICTION_DAYS, if that is still ahead of `now`. One range scan of the buyer's recent
 * failures on delivery_failures_buyer_idx (only failures of the last restriction period can still
 * restrict, and each looks back one window).
 */
export async function purchasesRestrictedUntil(db: DataSource | EntityManager, buyerId: string, now = new Date()): Promise<Date | null> {
  const [row] = (await db.query(
    `SELECT max(failed_at) AS latest FROM (
       SELECT failed_at, count(*) OVER (ORDER BY failed_at RANGE BETWEEN make_interval(days => $3::int) PRECEDING AND CURRENT ROW) AS in_window
       FROM delivery_failures
       WHERE buyer_id = $1 AND reason = ANY($2::text[]) AND failed_at <= $5::timestamptz
         AND failed_at > $5::timestamptz - make_interval(days => $3::int + $4::int)
     ) AS recent
     WHERE in_window >= $6::int AND failed_at > $5::timestamptz - make_interval(days => $4::int)`,
    [buyerId, BUYER_CAUSED_FAILURES, DELIVERY_FAILURE_WINDOW_DAYS, PURCHASE_RESTRICTION_DAYS, now, DELIVERY_FAILURE_LIMIT],
  )) as Array<{ latest: Date | null }>;
  return row?.latest ? new Date(row.latest.getTime() + PURCHASE_RESTRICTION_DAYS * DAY_MS) : null;
}

const utcDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** "March 12, 2027 at 2:06 PM UTC", rounded up to the minute so it never names a time still restricted. */
export function formatRestrictionEnd(until: Date): string {
  return `${utcDateTime.format(new Date(Math.ceil(until.getTime() / 60_000) * 60_000))} UTC`;
}

export function purchasesRestrictedMessage(until: Date): string {
  return (
    `You cannot buy until ${formatRestrictionEnd(until)}: ${DELIVERY_FAILURE_LIMIT} deliveries to you within ` +
    `${DELIVERY_FAILURE_WINDOW_DAYS} days were declined, not accepted in time, or could not be received at your trade URL.`
  );
}

/** 403 `purchases_restricted` while the buyer is restricted. */
export async function assertPurchasesAllowed(db: DataSource | EntityManager, buyerId: string, now = new Date()): Promise<void> {
  const until = await purchasesRestrictedUntil(db, buyerId, now);
  if (until) throw forbidden(purchasesRestrictedMessage(until), 'purchases_restricted');
}

/**
 * What a purchase checks before its transaction opens: a frozen account and the restriction first
 * (the purchase checks both again inside; this spares such a buyer's request the Steam call), then
 * that Steam will deliver to the buyer's trade URL (tradeUrlCheck.ts).
 */
export async function assertBuyerMayPurchase(
  services: TradeUrlCheckServices,
  buyer: Pick<User, 'id' | 'tradeUrl' | 'frozenAt'>,
  now = new Date(),
): Promise<void> {
  refuseIfFrozen(buyer);
  await assertPurchasesAllowed(services.dataSource, buyer.id, now);
  await assertTradeUrlCanReceive(services, buyer, now);
}
