/**
 * A delivery whose offer the bot could not send (unreachable, refused) is tried again with backoff;
 * after MAX_DELIVERY_ATTEMPTS sends the sale fails (`send_failed`): the buyer is refunded in full from
 * escrow and the listing is on sale again. Steam also refuses to send to a trade URL that cannot
 * receive items, so before each retry (outside any transaction) Steam is asked about the order's
 * trade URL: one it refuses fails the sale at once as `cannot_receive`, which counts against the
 * buyer (market/buyerStanding.ts); when Steam does not answer, the send is retried as usual. Then one
 * transaction, listing then order item locked; a delivery that moved on meanwhile is left alone.
 *
 * Staff may retry from the console (`immediately`: without waiting for the backoff), with a reason,
 * which an `order_item.delivery_retried` audit row keeps beside the delivery's own rows. A process
 * that does not run the bot leaves the new offer to the leading worker (market/offerWork.ts).
 */
import { type Actor, audit } from '../audit/auditLog';
import { type AppServices } from '../context';
import { inTransaction } from '../db/transaction';
import { Listing, OrderItem, TradeOffer } from '../entities';
import { failDelivery, lockSaleOf, MAX_DELIVERY_ATTEMPTS, startDelivery } from '../market/deliveries';
import { wakeOfferWork } from '../market/offerWork';
import { forgetTradeUrlCheck, tradeUrlStatusOf } from '../market/tradeUrlCheck';
import { SteamUnavailableError } from '../steam/gateway';
import { tradeOfferDispatcher } from './tradeOfferDispatcher';

const ACTOR: Actor = 'system:delivery';

/** Wait before attempt n+1 after n failed sends: 30 s, 60 s, … */
export const DELIVERY_RETRY_BASE_MS = 30_000;
export const retryDelayMs = (attempts: number) => DELIVERY_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1);

export type RetryOutcome = 'retried' | 'refunded' | 'not_yet' | 'not_applicable' | 'not_found';

interface Props {
  orderItemId: string;
  services: Pick<AppServices, 'dataSource' | 'bot' | 'steam' | 'logger' | 'config'> & Partial<Pick<AppServices, 'jobs' | 'runsBot'>>;
  now?: Date;
  /** Who retries: the sweep (the default) or a staff member. */
  actor?: Actor;
  /** Staff's reason, kept in an audit row of the retry. */
  reason?: string;
  /** Retry now, without waiting for the backoff (staff). */
  immediately?: boolean;
}

/** What is due for a sale whose current delivery offer is `last`; null when that offer was not a failed send. */
function dueStep(item: OrderItem, last: TradeOffer, now: Date, immediately: boolean): 'give_up' | 'retry' | 'not_yet' | null {
  // Only sends that never reached Steam are retried; answered offers are settled by the synchronizer.
  if (last.status !== 'failed' || last.steamOfferId !== null) return null;
  if (item.deliveryAttempts >= MAX_DELIVERY_ATTEMPTS) return 'give_up';
  if (immediately) return 'retry';
  return last.updatedAt.getTime() + retryDelayMs(item.deliveryAttempts) > now.getTime() ? 'not_yet' : 'retry';
}

/** False when Steam says the trade URL cannot receive items; null when Steam did not answer. */
async function canReceive(services: Props['services'], tradeUrl: string): Promise<boolean | null> {
  try {
    return (await tradeUrlStatusOf(services.steam, tradeUrl)).status === 'ok';
  } catch (error) {
    if (!(error instanceof SteamUnavailableError)) throw error;
    services.logger.warn({ err: error }, 'Steam did not answer a trade URL check before a delivery retry');
    return null;
  }
}

export async function deliveryRetrier({ orderItemId, services, now = new Date(), actor = ACTOR, reason, immediately = false }: Props): Promise<RetryOutcome> {
  const { dataSource } = services;
  // A first look without locks, so that Steam is asked only when a step is due.
  const unlocked = await dataSource.getRepository(OrderItem).findOneBy({ id: orderItemId });
  if (!unlocked) return 'not_found';
  if (unlocked.status !== 'sending' || !unlocked.deliveryOfferId) return 'not_applicable';
  const failedSend = await dataSource.getRepository(TradeOffer).findOneByOrFail({ id: unlocked.deliveryOfferId });
  const step = dueStep(unlocked, failedSend, now, immediately);
  if (step === null) return 'not_applicable';
  if (step === 'not_yet') return 'not_yet';
  const receivable = await canReceive(services, failedSend.tradeUrl);

  const { outcome, offerId } = await inTransaction(dataSource, async (manager) => {
    const listing = await manager.getRepository(Listing).findOneOrFail({ where: { id: unlocked.listingId }, lock: { mode: 'pessimistic_write' } });
    const sale = await lockSaleOf(manager, listing.id);
    if (!sale || sale.item.id !== orderItemId || sale.item.status !== 'sending' || sale.item.deliveryOfferId !== failedSend.id) {
      return { outcome: 'not_applicable' as const, offerId: null };
    }
    const current = dueStep(sale.item, await manager.getRepository(TradeOffer).findOneByOrFail({ id: failedSend.id }), now, immediately);
    if (current === null) return { outcome: 'not_applicable' as const, offerId: null };
    if (current === 'not_yet' && receivable !== false) return { outcome: 'not_yet' as const, offerId: null };
    const before = { status: sale.item.status, deliveryAttempts: sale.item.deliveryAttempts };
    const relist = listing.status === 'payment_pending';
    let done: { outcome: 'refunded' | 'retried'; offerId: string | null };
    if (receivable === false) {
      await failDelivery(manager, { ...sale, listing, reason: 'cannot_receive', relist, actor });
      await forgetTradeUrlCheck(manager, sale.order.buyerId, failedSend.tradeUrl);
      done = { outcome: 'refunded', offerId: null };
    } else if (current === 'give_up') {
      await failDelivery(manager, { ...sale, listing, reason: 'send_failed', relist, actor });
      done = { outcome: 'refunded', offerId: null };
    } else {
      done = { outcome: 'retried', offerId: (await startDelivery(manager, { listing, ...sale, actor })).id };
    }
    if (reason) {
      await audit(manager, {
        actor,
        action: 'order_item.delivery_retried',
        subjectType: 'order_item',
        subjectId: orderItemId,
        details: { reason, outcome: done.outcome, before, after: { status: sale.item.status, deliveryAttempts: sale.item.deliveryAttempts } },
      });
    }
    return done;
  });
  if (offerId) {
    if (services.runsBot && !services.runsBot()) await wakeOfferWork(dataSource, { offerId, action: 'send' }, services.logger);
    else await tradeOfferDispatcher({ offerId, services });
  }
  return outcome;
}
