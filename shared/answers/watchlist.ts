/** The watchlist's answers (docs/adr/0078-watchlist-alerts.md). Money as two-decimal strings. */
import * as z from './z';
import { isoTime, money, page } from './z';

/** A watched item, with the cheapest listing of it on sale now. */
export const watchAnswer = z.object({
  id: z.string(),
  marketHashName: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  /** A listing at or under this price alerts; null: any price. */
  maxPrice: z.nullable(money),
  /** The cheapest listing of the item buyers can buy now; null when none is on sale. */
  lowestListing: z.nullable(money),
  createdAt: isoTime,
});
export type Watch = z.infer<typeof watchAnswer>;

/** 201 (a new watch) or 200 (its alert price changed) answer of POST /api/watchlist. */
export const watchSavedAnswer = z.object({ watch: watchAnswer });

/** GET /api/watchlist?limit&cursor: the user's watches, newest first. */
export const watchlistPageAnswer = page(watchAnswer);
export type WatchlistPage = z.infer<typeof watchlistPageAnswer>;
