/**
 * The Sell tab's trade flow as a pure state machine:
 *
 *   idle ──submitted──▶ processing ──offerSent(id)──▶ waiting ──status: accepted──▶ accepted
 *                          │  offerRefused / cancelled     │  status: failed / cancelled
 *                          ▼                               ▼
 *                        failed ◀──────────────────────────┘
 *   failed / accepted ──reset──▶ idle
 *
 * - processing → waiting when the server answers success with an offer id; → failed when it answers
 *   without success, the request errors, or the user clicks 'Cancel Trade'.
 * - waiting → accepted when the status poll reports success and isAccepted (the offer id is then
 *   gone with the waiting state; the screen empties the sell list); → failed when the poll reports
 *   failure (declined, expired, cancelled) or the user cancels.
 * - The dialog cannot be dismissed while processing.
 * Events that do not fit the current state are ignored: an answer that arrives after the user
 * cancelled, or a late poll result, never revives a finished flow.
 */
import type { TradeOfferStatus } from '../../../../../shared/schemas/market';
import { ApiError } from '../../../api/client';

export type TradeFlowState =
  | { status: 'idle' }
  | { status: 'processing' }
  | { status: 'waiting'; offerId: string }
  | { status: 'accepted' }
  /** `reason`: the server's explanation when it gave one (e.g. 'The trade offer was declined'). */
  | { status: 'failed'; reason: string | null };

export type TradeFlowEvent =
  | { type: 'submitted' }
  | { type: 'offerSent'; offerId: string }
  | { type: 'offerRefused'; reason?: string | null }
  | { type: 'cancelled' }
  | { type: 'statusReceived'; status: TradeOfferStatus }
  /** Polling the status failed for good (e.g. 404: the offer is not this user's any more). */
  | { type: 'statusFailed'; reason?: string | null }
  | { type: 'reset' };

export const IDLE: TradeFlowState = { status: 'idle' };

export function transition(state: TradeFlowState, event: TradeFlowEvent): TradeFlowState {
  switch (state.status) {
    case 'idle':
      return event.type === 'submitted' ? { status: 'processing' } : state;
    case 'processing':
      if (event.type === 'offerSent') return { status: 'waiting', offerId: event.offerId };
      if (event.type === 'offerRefused') return { status: 'failed', reason: event.reason ?? null };
      if (event.type === 'cancelled') return { status: 'failed', reason: null };
      return state;
    case 'waiting':
      if (event.type === 'cancelled') return { status: 'failed', reason: null };
      if (event.type === 'statusFailed') return { status: 'failed', reason: event.reason ?? null };
      if (event.type === 'statusReceived') {
        if (!event.status.success) return { status: 'failed', reason: event.status.message ?? null };
        if (event.status.isAccepted) return { status: 'accepted' };
      }
      return state;
    case 'accepted':
    case 'failed':
      return event.type === 'reset' ? IDLE : state;
  }
}

/** The offer being watched, if any (only while waiting). */
export function watchedOfferId(state: TradeFlowState): string | null {
  return state.status === 'waiting' ? state.offerId : null;
}

/** The trade dialog cannot be dismissed while the offer is being created. */
export function isDismissable(state: TradeFlowState): boolean {
  return state.status !== 'processing';
}

export const TRADE_REQUEST_FAILED = 'Failed to process trade request. Please try again.';
export const TRADE_FAILED_SCREEN =
  'Trade offer failed. Please check your trade URL and try again. If you need assistance, please open a support ticket.';

/**
 * The toast for a sale the server did not take: 'Trade Request Failed' with the server's message
 * (or the default), or, when no answer came at all, 'Error' / try again later.
 */
export function requestFailureMessage(failure: unknown): { title: string; description: string } {
  if (failure instanceof ApiError) return { title: 'Trade Request Failed', description: failure.detail || TRADE_REQUEST_FAILED };
  if (failure && typeof failure === 'object' && 'success' in failure) {
    const message = 'message' in failure && typeof failure.message === 'string' ? failure.message : '';
    return { title: 'Trade Request Failed', description: message || TRADE_REQUEST_FAILED };
  }
  return { title: 'Error', description: 'Failed to send trade offer. Please try again later' };
}
