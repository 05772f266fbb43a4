/**
 * GET /api/trade-offer/:id/status: the owner's offer, synced from the bot first while it is open,
 * so the seller's 3-second poll moves the offer on even when no background poller runs; a process
 * that does not run the bot answers what the leading worker, which follows open offers, recorded.
 */
import { type AppServices } from '../context';
import { tradeOfferSynchronizer } from '../commands/tradeOfferSynchronizer';
import { TradeOffer } from '../entities';
import { notFound } from '../errors';

interface Props {
  userId: string;
  offerId: string;
  services: Pick<AppServices, 'dataSource' | 'bot' | 'runsBot' | 'config' | 'logger'> & Partial<Pick<AppServices, 'jobs'>>;
}

export async function readTradeOfferStatus({ userId, offerId, services }: Props): Promise<TradeOffer> {
  const offer = await services.dataSource.getRepository(TradeOffer).findOneBy({ id: offerId, userId });
  if (!offer) throw notFound('Trade offer not found');
  // A process without the bot answers what the leader recorded (it follows open offers by itself).
  if (offer.status !== 'open' || !offer.steamOfferId || !services.runsBot()) return offer;
  try {
    const synced = await tradeOfferSynchronizer({ botOffer: await services.bot.getOffer(offer.steamOfferId), services });
    return synced.offer ?? offer;
  } catch (error) {
    // The bot is slow or away: answer what we know; the next poll (or the poller) tries again.
    services.logger.warn({ err: error, offerId }, 'could not sync a trade offer while reading its status');
    return offer;
  }
}
