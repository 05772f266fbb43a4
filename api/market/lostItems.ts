/**
 * A listing whose item the platform no longer has (the seller reversed the deposit trade, or the
 * item is gone from the bot): cancelled for that reason, and a sale not yet delivered is undone,
 * the buyer refunded the full price from escrow and the listing not put back on sale; the seller is
 * never paid. Audited (`listing.<reason>`) and announced. The caller holds the listing's lock and
 * the sale's (lockSaleOf), and has checked the listing may be cancelled so.
 */
import { type EntityManager } from 'typeorm';
import { type Actor, audit } from '../audit/auditLog';
import { Listing } from '../entities';
import { recordEvent } from '../events/domainEvents';
import { failDelivery, type lockSaleOf } from './deliveries';

type Sale = NonNullable<Awaited<ReturnType<typeof lockSaleOf>>>;

export async function cancelForLostItem(
  manager: EntityManager,
  p: { listing: Listing; sale: Sale | null; reason: 'trade_reversed' | 'item_lost'; actor: Actor; details: Record<string, unknown> },
): Promise<void> {
  const { listing, sale, reason, actor } = p;
  listing.status = 'cancelled';
  listing.cancelReason = reason;
  await manager.getRepository(Listing).save(listing);
  const undelivered = sale !== null && sale.item.refundedAt === null && (sale.item.status === 'awaiting_hold' || sale.item.status === 'sending');
  if (undelivered) await failDelivery(manager, { ...sale, listing, reason, relist: false, actor });
  await audit(manager, {
    actor,
    action: `listing.${reason}`,
    subjectType: 'listing',
    subjectId: listing.id,
    details: { ...p.details, sold: listing.soldAt !== null, refundedOrderItem: undelivered ? sale.item.id : null },
  });
  await recordEvent(manager, { userId: listing.sellerId, type: 'listing', payload: { listingId: listing.id, status: 'cancelled', cancelReason: reason } });
}
