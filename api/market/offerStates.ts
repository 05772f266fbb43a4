/**
 * How Steam's ETradeOfferState maps onto our trade offers: which states keep an offer open, which
 * end it, the status endpoint's state name and the message a failed offer carries.
 */
import { TRADE_OFFER_STATES, type TradeOfferStateName } from '../../shared/schemas/market';
import { type TradeOfferStatus } from '../entities/TradeOffer';

/** Shown when the bot could not send an offer (unreachable, refused) and for an offer stuck unsent. */
export const SEND_FAILED_MESSAGE = 'Failed to process trade request. Please try again.';

const NAME_BY_STATE = new Map<number, TradeOfferStateName>(
  Object.entries(TRADE_OFFER_STATES).map(([name, state]) => [state, name as TradeOfferStateName]),
);

/** Steam's state name, 'Failed' for a state we do not know (or none, for an offer never sent). */
export function stateName(state: number | null): TradeOfferStateName {
  return (state !== null && NAME_BY_STATE.get(state)) || 'Failed';
}

/**
 * Our status for a state Steam reports. Active, needs-confirmation and in-escrow offers are still
 * open; Accepted is accepted; everything else (declined, expired, cancelled, countered, invalid
 * items …) ended without a trade.
 */
export function statusForState(state: number): Exclude<TradeOfferStatus, 'sending'> {
  switch (state) {
    case TRADE_OFFER_STATES.Active:
    case TRADE_OFFER_STATES.CreatedNeedsConfirmation:
    case TRADE_OFFER_STATES.InEscrow:
      return 'open';
    case TRADE_OFFER_STATES.Accepted:
      return 'accepted';
    default:
      return 'failed';
  }
}

/** The message a failed offer carries (the seller's trade dialog shows it). */
export function failureMessage(state: number): string {
  switch (state) {
    case TRADE_OFFER_STATES.Declined:
      return 'The trade offer was declined.';
    case TRADE_OFFER_STATES.Expired:
      return 'The trade offer expired before it was accepted.';
    case TRADE_OFFER_STATES.Canceled:
    case TRADE_OFFER_STATES.CanceledBySecondFactor:
      return 'The trade offer was cancelled.';
    case TRADE_OFFER_STATES.InvalidItems:
      return 'The items in the trade offer are no longer available.';
    case TRADE_OFFER_STATES.Countered:
      return 'The trade offer was countered; counter-offers are not accepted.';
    default:
      return 'The trade offer failed.';
  }
}
