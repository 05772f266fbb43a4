/**
 * What POST /api/purchases checks before its transaction opens (the `precheck` of idempotent(),
 * api/middleware/idempotency.ts), with one read of the database:
 * - a frozen account: 403 (from the user row the request loaded with its session);
 * - a buyer restricted for failed deliveries they caused: 403 (market/buyerStanding.ts). Read here
 *   only: nothing the purchase locks bears on it, so reading it again inside would cost a round
 *   trip and guard nothing more;
 * - listings sold, withdrawn or unknown: 409, the answer the purchase itself gives. When many
 *   buyers race for a listing, all but the first get it here, without a transaction, a lock wait
 *   or an idempotency key;
 * - Steam is asked whether the buyer's trade URL can receive items, unless it said so within the
 *   day (market/tradeUrlCheck.ts): 400 or 503. Never inside the transaction: Steam may take seconds.
 * The purchase (commands/purchaseCreator.ts) checks again, under its locks, everything a
 * concurrent change could have made stale meanwhile (a freeze, a sale, the balance).
 */
import { type Listing, type User } from '../entities';
import { conflict, type HttpError } from '../errors';
import { refuseIfFrozen } from '../users/frozenAccounts';
import { purchasesRestricted, restrictingFailureSql, restrictionEnd } from './buyerStanding';
import { confirmTradeUrlWithSteam, TRADE_URL_CHECK_TTL_MS, tradeUrlConfirmedSql, type TradeUrlCheckServices } from './tradeUrlCheck';

export const NO_LONGER_AVAILABLE = 'No longer available';

type ListingState = Pick<Listing, 'name' | 'status' | 'soldAt'>;

/** "AK-47 | Redline and 2 more": names for a message, short enough to read. */
export function namesOf(listings: Array<Pick<Listing, 'name'> | undefined>): string {
  const names = listings.map((listing) => listing?.name ?? 'an unknown item');
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

const isAvailable = (listing: ListingState) => listing.soldAt === null && (listing.status === 'holding' || listing.status === 'active');

/**
 * The 409 `listings_unavailable` for a cart of which some listings are sold, not `holding`/`active`,
 * or unknown (not in `found`), naming each; null when all can be bought.
 */
export function unavailableListings(listingIds: string[], found: ReadonlyMap<string, ListingState>): HttpError | null {
  const unavailable = listingIds.filter((id) => !found.has(id) || !isAvailable(found.get(id)!));
  if (unavailable.length === 0) return null;
  return conflict(
    `${namesOf(unavailable.map((id) => found.get(id)))} ${unavailable.length === 1 ? 'is' : 'are'} no longer available; nothing was bought`,
    'listings_unavailable',
    Object.fromEntries(unavailable.map((id) => [id, NO_LONGER_AVAILABLE])),
  );
}

// One row: the buyer's facts, and the listings found (one array per column, in no order).
const PREFLIGHT_SQL = `
  SELECT ${restrictingFailureSql('$1', '$3')} AS restricting_failure, ${tradeUrlConfirmedSql('$1', '$4', '$5')} AS trade_url_confirmed, found.*
  FROM (
    SELECT array_agg(id::text) AS ids, array_agg(name) AS names, array_agg(status) AS statuses, array_agg(sold_at) AS sold_at
    FROM listings WHERE id = ANY($2::uuid[])
  ) AS found`;

interface PreflightRow {
  restricting_failure: Date | null;
  trade_url_confirmed: boolean;
  /** Null when none of the listings exists. */
  ids: string[] | null;
  names: string[];
  statuses: Array<Listing['status']>;
  sold_at: Array<Date | null>;
}

/** Runs a SELECT that answers one row (idempotent()'s `read`, which reads the request's key with it). */
export type OneRowRead = <Row>(sql: string, params: unknown[]) => Promise<Row>;

/** Throws the refusal a purchase of `listingIds` by `buyer` gets before its transaction; passes otherwise. */
export async function purchasePreflight(
  services: TradeUrlCheckServices,
  p: { buyer: User; listingIds: string[]; read: OneRowRead; now?: Date },
): Promise<void> {
  const { buyer, listingIds, read, now = new Date() } = p;
  refuseIfFrozen(buyer);
  const row = await read<PreflightRow>(PREFLIGHT_SQL, [buyer.id, listingIds, now, buyer.tradeUrl, new Date(now.getTime() - TRADE_URL_CHECK_TTL_MS)]);
  const until = restrictionEnd(row.restricting_failure);
  if (until) throw purchasesRestricted(until);
  const found = new Map((row.ids ?? []).map((id, index) => [id, { name: row.names[index]!, status: row.statuses[index]!, soldAt: row.sold_at[index]! }]));
  const gone = unavailableListings(listingIds, found);
  if (gone) throw gone;
  // Without a trade URL the purchase answers 400 itself.
  if (buyer.tradeUrl && !row.trade_url_confirmed) await confirmTradeUrlWithSteam(services, buyer, now);
}
