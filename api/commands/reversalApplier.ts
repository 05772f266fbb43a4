/**
 * The seller reversed the deposit trade during Steam's trade protection (seen in the bot's trade
 * history): the listing is cancelled (`trade_reversed`) and, if a buyer had paid, the sale fails and
 * the buyer gets the full price back from the order's escrow; the seller is never paid. One
 * transaction, listing then order item locked; applying it twice changes nothing.
 */
import { type Actor } from '../audit/auditLog';
import { type AppServices } from '../context';
import { inTransaction } from '../db/transaction';
import { Listing, TradeOffer } from '../entities';
import { lockSaleOf } from '../market/deliveries';
import { cancelForLostItem } from '../market/lostItems';

const ACTOR: Actor = 'system:reversal-detector';

interface Props {
  listingId: string;
  /** The reversed deposit trade (Steam's tradeid), for the record. */
  tradeId: string;
  services: Pick<AppServices, 'dataSource'>;
}

export type ReversalOutcome = 'cancelled' | 'not_applicable';

export async function reversalApplier({ listingId, tradeId, services }: Props): Promise<ReversalOutcome> {
  return inTransaction(services.dataSource, async (manager) => {
    const repository = manager.getRepository(Listing);
    const listing = await repository.findOne({ where: { id: listingId }, lock: { mode: 'pessimistic_write' } });
    if (!listing) return 'not_applicable';
    // Reversible: still in protection, or cancelled by the seller and not yet given back.
    const returned = listing.returnOfferId
      ? (await manager.getRepository(TradeOffer).findOneBy({ id: listing.returnOfferId }))?.status === 'accepted'
      : false;
    const reversible = listing.status === 'holding' || (listing.status === 'cancelled' && listing.cancelReason === 'seller' && !returned);
    if (!reversible) return 'not_applicable';

    const sale = listing.soldAt ? await lockSaleOf(manager, listing.id) : null;
    await cancelForLostItem(manager, { listing, sale, reason: 'trade_reversed', actor: ACTOR, details: { tradeId } });
    return 'cancelled';
  });
}
