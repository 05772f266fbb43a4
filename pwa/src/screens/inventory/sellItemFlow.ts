/**
 * The Inventory screen's own sell flow (idle, processing, waiting, failed; no
 * polling there) and the messages it shows. The Sell tab has its own machine with
 * polling (screens/market/sell/tradeFlow.ts).
 */
import { ApiError } from '../../api/client';

export type SellItemStatus = 'idle' | 'processing' | 'waiting' | 'failed';

export const ITEM_NOT_TRADABLE = 'This item cannot be traded. Please refresh your inventory and try again.';
export const TRADE_OFFER_FAILED = 'Failed to send trade offer. Please try again.';
export const TRADE_OFFER_NETWORK_FAILURE = 'Failed to send trade offer. Please try again later';

export interface FlowMessage {
  title: string;
  description: string;
}

/**
 * Why sending failed: the server's answer ('Trade Offer Failed' with its message, or the default
 * text when it gave none), or no answer at all ('Error', try again later).
 */
export function sendFailureMessage(failure: unknown): FlowMessage {
  if (failure instanceof ApiError) return { title: 'Trade Offer Failed', description: failure.detail || TRADE_OFFER_FAILED };
  if (failure && typeof failure === 'object' && 'success' in failure && failure.success === false) {
    const message = 'message' in failure && typeof failure.message === 'string' ? failure.message : '';
    return { title: 'Trade Offer Failed', description: message || TRADE_OFFER_FAILED };
  }
  return { title: 'Error', description: TRADE_OFFER_NETWORK_FAILURE };
}

/** Whether the dialog may be closed: never while the offer is being sent. */
export function canDismiss(status: SellItemStatus): boolean {
  return status !== 'processing';
}
