/**
 * What a My Listings card shows, as pure functions of the listing (and the current time): the
 * status badge (with 'On Sale' for `active`), the money rows, the hold countdown and
 * progress, whether the seller may cancel, and why a cancelled listing was cancelled; and the
 * summary above the cards.
 */
import { formatCountdown, holdProgressPercent } from '../../../../shared/format';
import { formatUsd, parseMoney } from '../../../../shared/money';
import type { ListingsSummary } from '../../../../shared/schemas/market';
import type { Listing } from '../../queries/listings';

export interface StatusBadgeStyle {
  label: string;
  /** A Chakra colour palette. */
  palette: 'yellow' | 'purple' | 'blue' | 'green' | 'red' | 'gray';
}

const STATUS_BADGES = new Map<string, StatusBadgeStyle>([
  ['holding', { label: 'Trade Protection Hold', palette: 'yellow' }],
  ['active', { label: 'On Sale', palette: 'purple' }],
  ['payment_pending', { label: 'Payment Processing', palette: 'blue' }],
  ['completed', { label: 'Completed', palette: 'green' }],
  ['cancelled', { label: 'Cancelled', palette: 'red' }],
]);

const UNKNOWN_STATUS: StatusBadgeStyle = { label: 'Unknown', palette: 'gray' };

/** The badge of a status; any value the app does not know shows 'Unknown' in grey. */
export function listingStatusBadge(status: string): StatusBadgeStyle {
  return STATUS_BADGES.get(status) ?? UNKNOWN_STATUS;
}

/** Only an unsold listing still in the hold or on sale can be cancelled (the API refuses the rest with 409). */
export function canCancelListing(listing: Pick<Listing, 'status' | 'sold'>): boolean {
  return (listing.status === 'holding' || listing.status === 'active') && !listing.sold;
}

export interface ListingAmounts {
  sellPrice: string;
  /** The fee as a deduction: '-$0.37'. */
  platformFee: string;
  finalAmount: string;
}

/** A two-decimal API amount as '$1,234.50'; an unreadable one as '—'. */
function usd(amount: string): string {
  const cents = parseMoney(amount);
  return cents === null ? '—' : formatUsd(cents);
}

/** Sell Price, Platform Fee (3%) and You Receive exactly as the server computed them. */
export function listingAmounts(listing: Pick<Listing, 'sellPrice' | 'platformFee' | 'finalAmount'>): ListingAmounts {
  const fee = usd(listing.platformFee);
  return { sellPrice: usd(listing.sellPrice), platformFee: fee === '—' ? fee : `-${fee}`, finalAmount: usd(listing.finalAmount) };
}

export interface HoldProgress {
  /** 'Xd Yh Zm', 'Yh Zm' or 'Zm' until the hold ends; null once it has ended (the countdown is hidden). */
  remaining: string | null;
  /** Whole percent of the hold elapsed, 0..100. */
  percent: number;
}

/** The hold countdown and progress of a listing at `now` (ms since the epoch). */
export function holdProgress(listing: Pick<Listing, 'holdStartTime' | 'holdEndTime'>, now: number): HoldProgress {
  const msLeft = Date.parse(listing.holdEndTime) - now;
  return {
    remaining: msLeft > 0 ? formatCountdown(msLeft) : null,
    percent: holdProgressPercent(listing.holdStartTime, listing.holdEndTime, new Date(now)),
  };
}

/**
 * When the next hold among these listings ends after `now` (ms), or null: the screen refetches
 * then, so the card moves on to 'On Sale' or 'Payment Processing' without waiting for the poll.
 */
export function nextHoldEnd(listings: readonly Pick<Listing, 'status' | 'holdEndTime'>[], now: number): number | null {
  let next: number | null = null;
  for (const listing of listings) {
    if (listing.status !== 'holding') continue;
    const end = Date.parse(listing.holdEndTime);
    if (end > now && (next === null || end < next)) next = end;
  }
  return next;
}

export interface SummaryFigures {
  /** Listings buyers can buy now (in the hold or after it, unsold): '1,234'. */
  onSale: string;
  /** What sold listings will pay once their hold ends and the payout runs: '$12.34'. */
  awaitingPayout: string;
  /** What completed listings paid into the balance: '$12.34'. */
  earned: string;
}

/** The summary above the grid, as the server summed it over all the seller's listings. */
export function summaryFigures(summary: ListingsSummary): SummaryFigures {
  return { onSale: summary.onSale.toLocaleString('en-US'), awaitingPayout: usd(summary.awaitingPayout), earned: usd(summary.earned) };
}

/** Why a cancelled listing was cancelled, in the seller's words. */
export function cancelReasonText(reason: Listing['cancelReason']): string {
  switch (reason) {
    case 'seller':
      return 'You cancelled this listing. The item is returned to your Steam inventory by trade offer.';
    case 'trade_reversed':
      return "The trade was reversed during Steam's trade protection, so the item went back to you and the listing was cancelled.";
    case 'item_lost':
      return 'Our trade bot no longer holds this item, so the listing was cancelled. Please contact us if you have questions.';
    default:
      return 'This listing is no longer on sale.';
  }
}

/** The weapon part of a market name, shown above it: 'StatTrak™ AK-47 | Redline (Field-Tested)' → 'AK-47'. */
export function weaponOf(name: string): string {
  const [weapon = ''] = name.split(' | ');
  return weapon.replace(/^(★\s*)?(StatTrak™\s*|Souvenir\s*)?/u, '').trim();
}
