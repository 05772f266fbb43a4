/**
 * The seller calls off a deposit offer ('Cancel Trade' in the Sell tab:
 * POST /api/trade-offer/:id/cancel), so that an offer the screen shows as cancelled is not still
 * waiting in Steam to be accepted.
 * - Still `sending` (the bot has not answered): given up at once, `failed` with Steam's cancelled
 *   message. If the bot does send it, the dispatcher's record step cancels it at Steam
 *   (tradeOfferDispatcher), as for any deposit given up on.
 * - `open`: cancelled at Steam through the bot, then synced from the bot like any change: `failed`
 *   once cancelled, or, if the seller accepted it first, listed as usual. A process that does not
 *   run the bot records the request (`cancel_requested_at`, audited) and wakes the leading worker,
 *   which cancels it (`requestedCancelApplier`; the sweep retries); the answer is the offer as it is.
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
import { wakeOfferWork } from '../market/offerWork';
import { TRADE_OFFER_STATES } from '../../shared/schemas/market';
import { tradeOfferSynchronizer } from './tradeOfferSynchronizer';

interface Props {
  userId: string;
  offerId: string;
  services: Pick<AppServices, 'dataSource' | 'bot' | 'runsBot' | 'config' | 'logger'> & Partial<Pick<AppServices, 'jobs'>>;
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
  if (!services.runsBot()) return requestCancel(services, offer, userId);

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

/** Leaves the cancel of an open offer to the leading worker. */
async function requestCancel(services: Props['services'], offer: TradeOffer, userId: string): Promise<TradeOffer> {
  const requested = await inTransaction(services.dataSource, async (manager) => {
    const locked = await manager.getRepository(TradeOffer).findOneOrFail({ where: { id: offer.id }, lock: { mode: 'pessimistic_write' } });
    if (locked.status !== 'open' || locked.cancelRequestedAt) return locked;
    locked.cancelRequestedAt = new Date();
    await manager.getRepository(TradeOffer).save(locked);
    await audit(manager, { actor: `user:${userId}`, action: 'trade_offer.cancel_requested', subjectType: 'trade_offer', subjectId: offer.id, details: { status: 'open', byLeader: true } });
    return locked;
  });
  await wakeOfferWork(services.dataSource, { offerId: offer.id, action: 'cancel' }, services.logger);
  return requested;
}

/**
 * The leading worker's half of a cancel requested through a process without the bot: cancelled at
 * Steam and synced, once the offer is still open. The bot unreachable: it stays requested and the
 * sweep tries again.
 */
export async function requestedCancelApplier({ offerId, services }: { offerId: string; services: Omit<Props['services'], 'runsBot'> }): Promise<void> {
  const offer = await services.dataSource.getRepository(TradeOffer).findOneBy({ id: offerId });
  if (!offer || offer.status !== 'open' || !offer.steamOfferId || !offer.cancelRequestedAt) return;
  await services.bot.cancelOffer(offer.steamOfferId);
  await tradeOfferSynchronizer({ botOffer: await services.bot.getOffer(offer.steamOfferId), services });
}
