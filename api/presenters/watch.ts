/** A watched item as its watcher sees it (GET and POST /api/watchlist), and a page of them. */
import { formatMoney } from '../../shared/money';
import { type Watch as WatchJson, type WatchlistPage } from '../../shared/schemas/watchlist';
import { type Watch } from '../entities';
import { type WatchedItem } from '../market/watchlist';
import { type Page } from '../newestFirst';

export function presentWatch(watch: Watch, lowestListingCents: bigint | null): WatchJson {
  return {
    id: watch.id,
    marketHashName: watch.marketHashName,
    name: watch.name,
    imageUrl: watch.imageUrl,
    maxPrice: watch.maxPriceCents === null ? null : formatMoney(watch.maxPriceCents),
    lowestListing: lowestListingCents === null ? null : formatMoney(lowestListingCents),
    createdAt: watch.createdAt.toISOString(),
  };
}

export function presentWatchlistPage(page: Page<WatchedItem>): WatchlistPage {
  return { items: page.items.map((item) => presentWatch(item.watch, item.lowestListingCents)), nextCursor: page.nextCursor };
}
