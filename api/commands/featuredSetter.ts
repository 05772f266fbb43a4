/**
 * An operator features a listing on the landing page (`npm run ops -- feature <listingId>`, or the
 * staff console's Market) or stops featuring it (`--off`). Only the flag changes; a featured listing shows while it is available.
 */
import { type DataSource } from 'typeorm';
import { type Actor, audit } from '../audit/auditLog';
import { inTransaction } from '../db/transaction';
import { Listing } from '../entities';
import { notFound } from '../errors';

interface Props {
  listingId: string;
  featured: boolean;
  actor: Actor;
  /** Why, when the console's staff gave one; kept in the audit row. */
  reason?: string;
  dataSource: DataSource;
}

export async function featuredSetter({ listingId, featured, actor, reason, dataSource }: Props): Promise<Listing> {
  return inTransaction(dataSource, async (manager) => {
    const repository = manager.getRepository(Listing);
    const listing = await repository.findOne({ where: { id: listingId }, lock: { mode: 'pessimistic_write' } });
    if (!listing) throw notFound(`No listing ${listingId}`);
    if (listing.featured === featured) return listing;
    listing.featured = featured;
    await repository.save(listing);
    await audit(manager, {
      actor,
      action: featured ? 'listing.featured' : 'listing.unfeatured',
      subjectType: 'listing',
      subjectId: listing.id,
      details: { ...(reason ? { reason } : {}), before: { featured: !featured }, after: { featured } },
    });
    return listing;
  });
}
