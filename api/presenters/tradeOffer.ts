/** A trade offer as the seller's trade dialog polls it (GET /api/trade-offer/:id/status, docs/adr/0023-sending-trade-offers.md). */
import { type TradeOfferCreated, type TradeOfferStatus } from '../../shared/schemas/market';
import { type TradeOffer } from '../entities';
import { stateName } from '../market/offerStates';

export const OFFER_SENT_MESSAGE = 'Trade offer sent. Accept it in Steam to put your items up for sale.';
const ACCEPTED_MESSAGE = 'Trade accepted. Your items are on the market now.';

export function presentOfferCreated(offer: TradeOffer): TradeOfferCreated {
  return { success: true, offerId: offer.id, message: OFFER_SENT_MESSAGE };
}

/**
 * success:true while the offer is open (or still being sent), isAccepted once accepted,
 * success:false with the offer's message once it failed.
 */
export function presentOfferStatus(offer: TradeOffer): TradeOfferStatus {
  switch (offer.status) {
    case 'sending':
      // Not yet out to Steam: created on our side, waiting for the bot.
      return { success: true, isAccepted: false, state: 'CreatedNeedsConfirmation' };
    case 'open':
      return { success: true, isAccepted: false, state: stateName(offer.steamState) };
    case 'accepted':
      return { success: true, isAccepted: true, state: 'Accepted', message: ACCEPTED_MESSAGE };
    case 'failed':
      return { success: false, isAccepted: false, state: stateName(offer.steamState), message: offer.message ?? 'The trade offer failed.' };
  }
}
