/**
 * A delivery whose offer the bot could not send (unreachable, refused) is tried again with backoff;
 * after MAX_DELIVERY_ATTEMPTS sends the sale fails: the buyer is refunded in full from escrow and the
 * listing is on sale again. One transaction, listing then order item locked; a delivery that moved
 * on meanwhile is left alone.
 */
import { type Actor } from '../audit/auditLog';
import { type AppServices } from '../context';
import { inTransaction } from '../db/transaction';
import { Listing, OrderItem, TradeOffer } from '../entities';
import { failDelivery, lockSaleOf, MAX_DELIVERY_ATTEMPTS, startDelivery } from '../market/deliveries';
import { tradeOfferDispatcher } from './tradeOfferDispatcher';

const ACTOR: Actor = 'system:delivery';

/** Wait before attempt n+1 after n failed sends: 30 s, 60 s, … */
export const DELIVERY_RETRY_BASE_MS = 30_000;
export const retryDelayMs = (attempts: number) => DELIVERY_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1);

export type RetryOutcome = 'retried' | 'refunded' | 'not_yet' | 'not_applicable';

interface Props {
  orderItemId: string;
  services: Pick<AppServices, 'dataSource' | 'bot' | 'logger' | 'config'> & Partial<Pick<AppServices, 'jobs'>>;
  now?: Date;
}

export async function deliveryRetrier({ orderItemId, services, now = new Date() }: Props): Promise<RetryOutcome> {
  const { outcome, offerId } = await inTransaction(services.dataSource, async (manager) => {
    const unlocked = await manager.getRepository(OrderItem).findOneBy({ id: orderItemId });
    if (!unlocked) return { outcome: 'not_applicable' as const, offerId: null };
    const listing = await manager.getRepository(Listing).findOneOrFail({ where: { id: unlocked.listingId }, lock: { mode: 'pessimistic_write' } });
    const sale = await lockSaleOf(manager, listing.id);
    if (!sale || sale.item.id !== orderItemId || sale.item.status !== 'sending' || !sale.item.deliveryOfferId) {
      return { outcome: 'not_applicable' as const, offerId: null };
    }
    const last = await manager.getRepository(TradeOffer).findOneByOrFail({ id: sale.item.deliveryOfferId });
    // Only sends that never reached Steam are retried; answered offers are settled by the synchronizer.
    if (last.status !== 'failed' || last.steamOfferId !== null) return { outcome: 'not_applicable' as const, offerId: null };
    if (sale.item.deliveryAttempts >= MAX_DELIVERY_ATTEMPTS) {
      await failDelivery(manager, { ...sale, listing, reason: 'undeliverable', relist: listing.status === 'payment_pending', actor: ACTOR });
      return { outcome: 'refunded' as const, offerId: null };
    }
    if (last.updatedAt.getTime() + retryDelayMs(sale.item.deliveryAttempts) > now.getTime()) return { outcome: 'not_yet' as const, offerId: null };
    const next = await startDelivery(manager, { listing, ...sale, actor: ACTOR });
    return { outcome: 'retried' as const, offerId: next.id };
  });
  if (offerId) await tradeOfferDispatcher({ offerId, services });
  return outcome;
}
