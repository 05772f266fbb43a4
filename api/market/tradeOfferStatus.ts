/**
 * GET /api/trade-offer/:id/status: the owner's offer, synced from the bot first while it is open,
 * so the seller's 3-second poll moves the offer on even when no background poller runs.
 */
import { type AppServices } from '../context';
import { tradeOfferSynchronizer } from '../commands/tradeOfferSynchronizer';
import { TradeOffer } from '../entities';
import { notFound } from '../errors';

interface Props {
  userId: string;
  offerId: string;
  services: Pick<AppServices, 'dataSource' | 'bot' | 'config' | 'logger'> & Partial<Pick<AppServices, 'jobs'>>;
}

export async function readTradeOfferStatus({ userId, offerId, services }: Props): Promise<TradeOffer> {
  const offer = await services.dataSource.getRepository(TradeOffer).findOneBy({ id: offerId, userId });
  if (!offer) throw notFound('Trade offer not found');
  if (offer.status !== 'open' || !offer.steamOfferId) return offer;
  try {
    const synced = await tradeOfferSynchronizer({ botOffer: await services.bot.getOffer(offer.steamOfferId), services });
    return synced.offer ?? offer;
  } catch (error) {
    // The bot is slow or away: answer what we know; the next poll (or the poller) tries again.
    services.logger.warn({ err: error, offerId }, 'could not sync a trade offer while reading its status');
    return offer;
  }
}
