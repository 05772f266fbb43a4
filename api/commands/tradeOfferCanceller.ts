/**
 * The seller calls off a deposit offer ('Cancel Trade' in the Sell tab:
 * POST /api/trade-offer/:id/cancel), so that an offer the screen shows as cancelled is not still
 * waiting in Steam to be accepted.
 * - Still `sending` (the bot has not answered): given up at once, `failed` with Steam's cancelled
 *   message. If the bot does send it, the dispatcher's record step cancels it at Steam
 *   (tradeOfferDispatcher), as for any deposit given up on.
 * - `open`: cancelled at Steam through the bot, then synced from the bot like any change: `failed`
 *   once cancelled, or, if the seller accepted it first, listed as usual.
 * - Already accepted or failed: answered as it is.
 * The bot unreachable: 503 and nothing changes; the seller may try again.
 */
import { audit } from '../audit/auditLog';
import { type AppServices } from '../context';
import { inTransaction } from '../db/transaction';
import { TradeOffer } from '../entities';
import { HttpError, notFound } from '../errors';
import { failureMessage } from '../market/offerStates';
import { failUnsentOffer } from '../market/unsentOffers';
import { TRADE_OFFER_STATES } from '../../shared/schemas/market';
import { tradeOfferSynchronizer } from './tradeOfferSynchronizer';

interface Props {
  userId: string;
  offerId: string;
  services: Pick<AppServices, 'dataSource' | 'bot' | 'config' | 'logger'> & Partial<Pick<AppServices, 'jobs'>>;
}

export const CANCEL_FAILED_MESSAGE = 'Could not cancel the trade offer right now. Please try again.';

async function giveUpSending(services: Props['services'], offerId: string, userId: string): Promise<TradeOffer | null> {
  return inTransaction(services.dataSource, async (manager) => {
    const repository = manager.getRepository(TradeOffer);
    const offer = await repository.findOne({ where: { id: offerId }, lock: { mode: 'pessimistic_write' } });
    if (!offer || offer.status !== 'sending') return null;
    await failUnsentOffer(manager, offer, {
      message: failureMessage(TRADE_OFFER_STATES.Canceled),
      actor: `user:${userId}`,
      action: 'trade_offer.cancelled',
      details: { whileSending: true },
    });
    return offer;
  });
}

export async function tradeOfferCanceller({ userId, offerId, services }: Props): Promise<TradeOffer> {
  const { dataSource, bot, logger } = services;
  const offer = await dataSource.getRepository(TradeOffer).findOneBy({ id: offerId, userId, kind: 'deposit' });
  if (!offer) throw notFound('Trade offer not found');
  if (offer.status === 'sending') {
    const given = await giveUpSending(services, offerId, userId);
    if (given) return given;
    // The bot answered in between: continue with the offer as it is now.
    return tradeOfferCanceller({ userId, offerId, services });
  }
  if (offer.status !== 'open' || !offer.steamOfferId) return offer;

  try {
    await bot.cancelOffer(offer.steamOfferId);
    const synced = await tradeOfferSynchronizer({ botOffer: await bot.getOffer(offer.steamOfferId), services });
    await inTransaction(dataSource, (manager) =>
      audit(manager, { actor: `user:${userId}`, action: 'trade_offer.cancel_requested', subjectType: 'trade_offer', subjectId: offerId, details: { status: synced.offer?.status ?? null } }),
    );
    return synced.offer ?? offer;
  } catch (error) {
    logger.warn({ err: error, offerId }, 'could not cancel a trade offer at Steam');
    throw new HttpError(503, 'trade_offer_cancel_failed', CANCEL_FAILED_MESSAGE, undefined, { 'Retry-After': '5' });
  }
}
