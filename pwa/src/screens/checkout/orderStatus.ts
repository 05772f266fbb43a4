/**
 * How an order item's delivery state reads to the buyer: the item waits
 * in the platform's bot until the seller's trade protection ends, is then sent by trade offer, and
 * is either delivered or, when that is impossible (or the seller reversed the trade), refunded.
 */
import { formatDateTime } from '../../../../shared/format';
import type { OrderItem } from '../../../../shared/schemas/market';

export type StatusTone = 'waiting' | 'active' | 'done' | 'refunded' | 'failed';

export interface ItemStatusView {
  /** Short badge text. */
  badge: string;
  /** The sentence under the item. */
  label: string;
  tone: StatusTone;
}

export function itemStatusView(item: Pick<OrderItem, 'status' | 'tradableAt' | 'refunded'>, now = Date.now()): ItemStatusView {
  if (item.refunded) {
    return { badge: 'Refunded', label: 'Refunded — the item could not be delivered, so its price went back to your balance', tone: 'refunded' };
  }
  switch (item.status) {
    case 'awaiting_hold': {
      const ends = Date.parse(item.tradableAt);
      if (Number.isNaN(ends) || ends <= now) {
        return { badge: 'Awaiting trade protection', label: 'Trade protection has ended — sending shortly', tone: 'waiting' };
      }
      return {
        badge: 'Awaiting trade protection',
        label: `Waiting for trade protection to end — sends on ${formatDateTime(item.tradableAt)}`,
        tone: 'waiting',
      };
    }
    case 'sending':
      return { badge: 'Sending', label: 'Sending trade offer — accept it in Steam to receive the item', tone: 'active' };
    case 'delivered':
      return { badge: 'Delivered', label: 'Delivered to your Steam inventory', tone: 'done' };
    case 'failed':
      return { badge: 'Delivery failed', label: 'Delivery failed — a refund is on its way to your balance', tone: 'failed' };
  }
}

/** The order's state in a word, for its header: the least advanced item decides. */
export function orderSummary(items: readonly Pick<OrderItem, 'status' | 'refunded'>[]): string {
  if (items.length === 0) return 'Empty';
  if (items.every((item) => item.refunded)) return 'Refunded';
  if (items.every((item) => item.status === 'delivered' || item.refunded)) return 'Completed';
  if (items.some((item) => item.status === 'sending')) return 'Sending';
  return 'In progress';
}
