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
import { forbidden, type HttpError } from '../errors';

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
 * SQL (a scalar subquery) for the latest buyer-caused failure that completes
 * DELIVERY_FAILURE_LIMIT of them within DELIVERY_FAILURE_WINDOW_DAYS and restricts the buyer at
 * `now` (it is less than PURCHASE_RESTRICTION_DAYS old), or null: one range scan of the buyer's
 * recent failures on delivery_failures_buyer_idx (only failures of the last restriction period can
 * still restrict, and each looks back one window). `buyer` and `now` are the statement's
 * placeholders for the buyer's id and the moment; the policy's numbers and reasons are constants,
 * written into the text.
 */
export function restrictingFailureSql(buyer: string, now: string): string {
  const reasons = `'{${BUYER_CAUSED_FAILURES.join(',')}}'::text[]`;
  return `(SELECT max(failed_at) FROM (
      SELECT failed_at, count(*) OVER (ORDER BY failed_at RANGE BETWEEN make_interval(days => ${DELIVERY_FAILURE_WINDOW_DAYS}) PRECEDING AND CURRENT ROW) AS in_window
      FROM delivery_failures
      WHERE buyer_id = ${buyer}::uuid AND reason = ANY(${reasons}) AND failed_at <= ${now}::timestamptz
        AND failed_at > ${now}::timestamptz - make_interval(days => ${DELIVERY_FAILURE_WINDOW_DAYS + PURCHASE_RESTRICTION_DAYS})
    ) AS recent
    WHERE in_window >= ${DELIVERY_FAILURE_LIMIT} AND failed_at > ${now}::timestamptz - make_interval(days => ${PURCHASE_RESTRICTION_DAYS}))`;
}

/** Until when a buyer whose latest restricting failure (`restrictingFailureSql`) is this cannot buy; null: they can. */
export function restrictionEnd(restrictingFailure: Date | null): Date | null {
  return restrictingFailure ? new Date(restrictingFailure.getTime() + PURCHASE_RESTRICTION_DAYS * DAY_MS) : null;
}

/** Until when the buyer cannot buy, or null when they can. */
export async function purchasesRestrictedUntil(db: DataSource | EntityManager, buyerId: string, now = new Date()): Promise<Date | null> {
  const [row] = (await db.query(`SELECT ${restrictingFailureSql('$1', '$2')} AS latest`, [buyerId, now])) as Array<{ latest: Date | null }>;
  return restrictionEnd(row?.latest ?? null);
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

/** 403 `purchases_restricted`, naming when the restriction ends. */
export function purchasesRestricted(until: Date): HttpError {
  return forbidden(purchasesRestrictedMessage(until), 'purchases_restricted');
}
