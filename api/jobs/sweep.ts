/**
 * The market sweep: one pass over everything that is due, so that no transition depends on a single
 * job or event arriving. Each step finds its candidates with an indexed query and hands each one to
 * its idempotent command; a failure with one candidate is logged and the pass goes on.
 *
 * 1. open offers are synced from the bot (a poller, besides the bot's own change events), and those
 *    a seller called off through a process without the bot are cancelled at Steam;
 * 2. offers a process without the bot left to send (never claimed) are sent, in case its wake-up was
 *    lost; offers stuck in `sending` (their dispatcher died): deposits are given up, returns and
 *    deliveries are sent again;
 * 3. trade history is checked for reversals of deposits still in protection;
 * 4. listings whose hold ended (or sold after it ended, or cancelled and awaiting their return) go
 *    through the hold-end command;
 * 5. deliveries whose send failed are retried with backoff, or refunded after the last attempt.
 */
import { IsNull, LessThan, LessThanOrEqual, Not } from 'typeorm';
import { type AppServices } from '../context';
import { deliveryRetrier } from '../commands/deliveryRetrier';
import { holdEnder } from '../commands/holdEnder';
import { reversalApplier } from '../commands/reversalApplier';
import { tradeOfferAbandoner } from '../commands/tradeOfferAbandoner';
import { requestedCancelApplier } from '../commands/tradeOfferCanceller';
import { CLAIM_LEASE_MS, tradeOfferDispatcher } from '../commands/tradeOfferDispatcher';
import { tradeOfferSynchronizer } from '../commands/tradeOfferSynchronizer';
import { Listing, OrderItem, TradeOffer } from '../entities';
import { findReversedTrades } from '../market/reversals';

/** Candidates per step and pass; the next pass takes the rest. */
const BATCH = 200;

export type SweepServices = Pick<AppServices, 'dataSource' | 'bot' | 'steam' | 'logger' | 'config'> & Partial<Pick<AppServices, 'jobs'>>;

export interface SweepReport {
  offersSynced: number;
  offersResent: number;
  offersAbandoned: number;
  reversals: number;
  holdEnds: Record<string, number>;
  deliveryRetries: Record<string, number>;
}

export async function runMarketSweep(services: SweepServices, options: { now?: Date } = {}): Promise<SweepReport> {
  const now = options.now ?? new Date();
  const report: SweepReport = { offersSynced: 0, offersResent: 0, offersAbandoned: 0, reversals: 0, holdEnds: {}, deliveryRetries: {} };
  const guard = async (what: string, subject: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      services.logger.warn({ err: error, subject }, `market sweep: ${what} failed; the next pass tries again`);
    }
  };

  await syncOpenOffers(services, report, guard);
  await applyRequestedCancels(services, guard);
  await sendQueuedOffers(services, now, report, guard);
  await resendStuckOffers(services, now, report, guard);
  await detectReversals(services, report, guard);
  await endHolds(services, now, report, guard);
  await retryDeliveries(services, now, report, guard);
  return report;
}

type Guard = (what: string, subject: string, work: () => Promise<void>) => Promise<void>;

async function syncOpenOffers(services: SweepServices, report: SweepReport, guard: Guard): Promise<void> {
  const open = await services.dataSource.getRepository(TradeOffer).find({ where: { status: 'open' }, order: { updatedAt: 'ASC' }, take: BATCH });
  for (const offer of open) {
    await guard('syncing an offer', offer.id, async () => {
      const result = await tradeOfferSynchronizer({ botOffer: await services.bot.getOffer(offer.steamOfferId!), services });
      if (result.changed) report.offersSynced++;
    });
  }
}

async function applyRequestedCancels(services: SweepServices, guard: Guard): Promise<void> {
  const requested = await services.dataSource.getRepository(TradeOffer).find({
    where: { status: 'open', cancelRequestedAt: Not(IsNull()) },
    order: { cancelRequestedAt: 'ASC' },
    take: BATCH,
  });
  for (const offer of requested) {
    await guard('cancelling an offer its seller called off', offer.id, () => requestedCancelApplier({ offerId: offer.id, services }));
  }
}

async function sendQueuedOffers(services: SweepServices, now: Date, report: SweepReport, guard: Guard): Promise<void> {
  const queued = await services.dataSource
    .getRepository(TradeOffer)
    .createQueryBuilder('offer')
    .where("offer.status = 'sending' AND jsonb_array_length(offer.history) = 0 AND offer.updated_at >= :since", { since: new Date(now.getTime() - CLAIM_LEASE_MS) })
    .orderBy('offer.created_at', 'ASC')
    .take(BATCH)
    .getMany();
  for (const offer of queued) {
    await guard('sending a queued offer', offer.id, async () => {
      if ((await tradeOfferDispatcher({ offerId: offer.id, services })) !== 'skipped') report.offersResent++;
    });
  }
}

async function resendStuckOffers(services: SweepServices, now: Date, report: SweepReport, guard: Guard): Promise<void> {
  const stuck = await services.dataSource.getRepository(TradeOffer).find({
    where: { status: 'sending', updatedAt: LessThan(new Date(now.getTime() - CLAIM_LEASE_MS)) },
    order: { updatedAt: 'ASC' },
    take: BATCH,
  });
  for (const offer of stuck) {
    await guard('resending a stuck offer', offer.id, async () => {
      if (offer.kind === 'deposit') {
        if (await tradeOfferAbandoner({ offerId: offer.id, services, now })) report.offersAbandoned++;
      } else if ((await tradeOfferDispatcher({ offerId: offer.id, services })) !== 'skipped') {
        report.offersResent++;
      }
    });
  }
}

async function detectReversals(services: SweepServices, report: SweepReport, guard: Guard): Promise<void> {
  // Deposits still in protection: holding listings, and seller-cancelled ones not yet returned.
  const protectedTrades = (await services.dataSource
    .getRepository(Listing)
    .createQueryBuilder('listing')
    .innerJoin(TradeOffer, 'deposit', 'deposit.id = listing.trade_offer_id')
    .select(['listing.id AS "listingId"', 'deposit.steam_trade_id AS "tradeId"', 'listing.hold_start_time AS "holdStartTime"'])
    .where('deposit.steam_trade_id IS NOT NULL')
    .andWhere(`(listing.status = 'holding' OR (listing.status = 'cancelled' AND listing.cancel_reason = 'seller' AND listing.return_offer_id IS NULL))`)
    .getRawMany()) as Array<{ listingId: string; tradeId: string; holdStartTime: Date }>;
  if (protectedTrades.length === 0) return;
  // A loop, not Math.min(...): spreading 100,000+ protected deposits overflows the call stack.
  const oldest = new Date(protectedTrades.reduce((min, trade) => Math.min(min, trade.holdStartTime.getTime()), Infinity));
  let reversed: Set<string>;
  try {
    reversed = await findReversedTrades(services.bot, oldest);
  } catch (error) {
    services.logger.warn({ err: error }, 'market sweep: the trade history could not be read; the next pass tries again');
    return;
  }
  for (const trade of protectedTrades.filter((candidate) => reversed.has(candidate.tradeId))) {
    await guard('applying a reversal', trade.listingId, async () => {
      if ((await reversalApplier({ listingId: trade.listingId, tradeId: trade.tradeId, services })) === 'cancelled') report.reversals++;
    });
  }
}

async function endHolds(services: SweepServices, now: Date, report: SweepReport, guard: Guard): Promise<void> {
  const repository = services.dataSource.getRepository(Listing);
  const holdOver = await repository.find({
    select: { id: true },
    where: { status: 'holding', holdEndTime: LessThanOrEqual(now) },
    // Least recently checked first: items the bot cannot trade yet are touched on each check.
    order: { updatedAt: 'ASC' },
    take: BATCH,
  });
  // Bought after their hold had ended: delivery starts at once.
  const soldActive = await repository
    .createQueryBuilder('listing')
    .select('listing.id', 'id')
    .where(`listing.status = 'active' AND listing.sold_at IS NOT NULL`)
    .limit(BATCH)
    .getRawMany<{ id: string }>();
  // Seller-cancelled, hold over, not returned yet (or the last return failed).
  const toReturn = await repository
    .createQueryBuilder('listing')
    .leftJoin(TradeOffer, 'giveBack', 'giveBack.id = listing.return_offer_id')
    .select('listing.id', 'id')
    .where(`listing.status = 'cancelled' AND listing.cancel_reason = 'seller' AND listing.hold_end_time <= :now`, { now })
    .andWhere(`(giveBack.id IS NULL OR giveBack.status = 'failed')`)
    .orderBy('listing.hold_end_time', 'ASC')
    .limit(BATCH)
    .getRawMany<{ id: string }>();
  for (const { id } of [...holdOver, ...soldActive, ...toReturn]) {
    await guard('ending a hold', id, async () => {
      const outcome = await holdEnder({ listingId: id, services, now });
      report.holdEnds[outcome] = (report.holdEnds[outcome] ?? 0) + 1;
    });
  }
}

async function retryDeliveries(services: SweepServices, now: Date, report: SweepReport, guard: Guard): Promise<void> {
  const failedSends = await services.dataSource
    .getRepository(OrderItem)
    .createQueryBuilder('item')
    .innerJoin(TradeOffer, 'delivery', 'delivery.id = item.delivery_offer_id')
    .select('item.id', 'id')
    .where(`item.status = 'sending' AND delivery.status = 'failed' AND delivery.steam_offer_id IS NULL`)
    .limit(BATCH)
    .getRawMany<{ id: string }>();
  for (const { id } of failedSends) {
    await guard('retrying a delivery', id, async () => {
      const outcome = await deliveryRetrier({ orderItemId: id, services, now });
      report.deliveryRetries[outcome] = (report.deliveryRetries[outcome] ?? 0) + 1;
    });
  }
}
