/**
 * The live events (GET /api/events): what the server records with a state change
 * (api/events/domainEvents.ts) and the PWA applies to its cache (pwa/src/live/liveEvents.ts). Each
 * is a small note of what changed; the PWA writes what it carries into its cache at once and
 * re-reads the affected lists for the rest.
 */
import { BUY_ORDER_STATUSES, LISTING_STATUSES } from '../constants';
import { CANCEL_REASONS } from './market';
import * as z from './z';
import { money } from './z';

const listingEvent = z.object({
  listingId: z.string(),
  status: z.enum(LISTING_STATUSES),
  /** A buyer paid for it. */
  sold: z.optional(z.boolean()),
  /** What the seller is told ("AK-47 | Redline sold for $12.34"). */
  message: z.optional(z.string()),
  cancelReason: z.optional(z.enum(CANCEL_REASONS)),
  /** The deposit trade failed and the item stayed with (or went back to) the seller. */
  returned: z.optional(z.boolean()),
});

const balanceEvent = z.object({
  /** The available balance after the change, when the change knows it. */
  balance: z.optional(money),
  /** What the user owes after a chargeback or its reversal. */
  owed: z.optional(money),
  /** Why it moved, for changes that are not the user's own request. */
  reason: z.optional(z.enum(['refund', 'sale_payout', 'chargeback'])),
  amount: z.optional(money),
  status: z.optional(z.string()),
  depositId: z.optional(z.string()),
  withdrawalId: z.optional(z.string()),
  orderId: z.optional(z.string()),
  listingId: z.optional(z.string()),
  name: z.optional(z.string()),
});

const tradeOfferEvent = z.object({
  offerId: z.string(),
  status: z.string(),
  /** Steam's ETradeOfferState once Steam has the offer. */
  state: z.nullable(z.number()),
});

const orderEvent = z.object({
  orderId: z.string(),
  status: z.enum(['created', 'sending', 'delivered', 'failed']),
  listingId: z.optional(z.string()),
  total: z.optional(money),
  refunded: z.optional(z.boolean()),
});

/** A bid of the user's was placed, filled by a unit, or cancelled: where it stands now. */
const buyOrderEvent = z.object({
  buyOrderId: z.string(),
  status: z.enum(BUY_ORDER_STATUSES),
  filled: z.number(),
  remaining: z.number(),
});

/** A listing of a watched item went on sale at or under the watch's price (api/market/watchAlerts.ts). */
const watchEvent = z.object({ watchId: z.string(), listingId: z.string(), marketHashName: z.string(), name: z.string(), price: money });

/** Every live event: its type (the SSE event name) and payload (the SSE data). */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('listing'), payload: listingEvent }),
  z.object({ type: z.literal('balance'), payload: balanceEvent }),
  z.object({ type: z.literal('trade-offer'), payload: tradeOfferEvent }),
  z.object({ type: z.literal('order'), payload: orderEvent }),
  z.object({ type: z.literal('buy-order'), payload: buyOrderEvent }),
  z.object({ type: z.literal('watch'), payload: watchEvent }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];
export const LIVE_EVENT_TYPES = ['listing', 'balance', 'trade-offer', 'order', 'buy-order', 'watch'] as const satisfies readonly LiveEventType[];
