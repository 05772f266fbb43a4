/**
 * Price alerts (docs/adr/0078-watchlist-alerts.md): listings that just went on sale alert the users
 * watching their item, when the price is at or under the watch's price (or the watch has none) and
 * the watcher is not the seller. Runs inside the transaction that puts the listings on sale, so an
 * alert exists exactly when its listing does. `watch_alerts` is keyed by (watch, listing): a
 * listing alerts a watcher once, however often it comes back on sale. Each new alert is a `watch`
 * live event for the watcher (SSE, and Web Push through push/pushDispatcher.ts).
 *
 * One statement finds and records the alerts for all the listings and watchers at once, and one
 * more records their events (recordEvents), whatever the number of watchers.
 */
import { type EntityManager } from 'typeorm';
import { formatMoney } from '../../shared/money';
import { recordEvents, type DomainEvent } from '../events/domainEvents';
import { type Listing } from '../entities';
import { AVAILABLE } from './catalogue';

export async function alertWatchers(manager: EntityManager, listings: Listing[]): Promise<void> {
  if (listings.length === 0) return;
  // Read from the rows as they are now: a listing already sold (filled at creation) alerts nobody.
  // AVAILABLE's columns are the listing's (a watch has no sold_at or status).
  const alerts = (await manager.query(
    `WITH alerted AS (
       INSERT INTO watch_alerts (watch_id, listing_id)
       SELECT w.id, l.id FROM listings l JOIN watches w ON w.market_hash_name = l.market_hash_name
       WHERE l.id = ANY($1::uuid[]) AND ${AVAILABLE}
         AND w.user_id <> l.seller_id AND (w.max_price_cents IS NULL OR l.price_cents <= w.max_price_cents)
       ORDER BY l.id, w.id
       ON CONFLICT DO NOTHING
       RETURNING watch_id, listing_id)
     SELECT a.watch_id, a.listing_id, w.user_id FROM alerted a JOIN watches w ON w.id = a.watch_id ORDER BY a.listing_id, a.watch_id`,
    [listings.map((listing) => listing.id)],
  )) as Array<{ watch_id: string; listing_id: string; user_id: string }>;
  const byId = new Map(listings.map((listing) => [listing.id, listing]));
  const events = alerts.map(({ watch_id: watchId, listing_id: listingId, user_id: userId }): DomainEvent => {
    const listing = byId.get(listingId)!;
    return {
      userId,
      type: 'watch',
      payload: { watchId, listingId, marketHashName: listing.marketHashName, name: listing.name, price: formatMoney(listing.priceCents) },
    };
  });
  await recordEvents(manager, events);
}
