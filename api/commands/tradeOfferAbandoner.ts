/**
 * A deposit offer still `sending` long after its dispatcher claimed it (the process died between
 * committing the offer and the bot's answer) is given up: `failed` with the send-failure message,
 * so the seller's items are free to be offered again. It is never re-sent behind the seller's back.
 * If the bot did send it after all, the dispatcher's record step cancels it at Steam.
 */
import { type AppServices } from '../context';
import { inTransaction } from '../db/transaction';
import { TradeOffer } from '../entities';
import { SEND_FAILED_MESSAGE } from '../market/offerStates';
import { failUnsentOffer } from '../market/unsentOffers';
import { CLAIM_LEASE_MS } from './tradeOfferDispatcher';

interface Props {
  offerId: string;
  services: Pick<AppServices, 'dataSource'>;
  now?: Date;
}

export async function tradeOfferAbandoner({ offerId, services, now = new Date() }: Props): Promise<boolean> {
  return inTransaction(services.dataSource, async (manager) => {
    const repository = manager.getRepository(TradeOffer);
    const offer = await repository.findOne({ where: { id: offerId }, lock: { mode: 'pessimistic_write' } });
    if (!offer || offer.kind !== 'deposit' || offer.status !== 'sending' || offer.steamOfferId !== null) return false;
    if (offer.updatedAt.getTime() + CLAIM_LEASE_MS > now.getTime()) return false;
    await failUnsentOffer(manager, offer, { message: SEND_FAILED_MESSAGE, actor: 'system:sweep', action: 'trade_offer.abandoned', at: now });
    return true;
  });
}
