/**
 * The Sell List as pure functions: entries are inventory items plus
 * `sellPrice` and `youGet` (price after the 3% fee), both two-decimal strings computed from integer
 * cents with shared/money.ts. The list refuses items that are not tradable or not marketable,
 * items already in an open offer or listing (`listed`), and items with the same name and condition
 * as one already on it.
 */
import { formatMoney, parseMoney, sellerReceivesCents } from '../../../../../shared/money';
import type { InventoryItem } from '../../../../../shared/schemas/inventory';
import { tradeOfferItem, type TradeOfferItemPayload } from '../../../queries/tradeOffers';

export type SellListEntry = InventoryItem & {
  /** The seller's price, e.g. "12.50". */
  sellPrice: string;
  /** What the seller receives after the platform fee, e.g. "12.12". */
  youGet: string;
};

export type SellListRefusal = 'not_tradable' | 'not_marketable' | 'listed' | 'in_list';

/** Short labels for a card's disabled action. */
export const REFUSAL_LABELS: Record<SellListRefusal, string> = {
  not_tradable: 'Not Tradable',
  not_marketable: 'Not Marketable',
  listed: 'Already Listed',
  in_list: 'In Sell List',
};

function sameKind(a: Pick<InventoryItem, 'name' | 'condition'>, b: Pick<InventoryItem, 'name' | 'condition'>): boolean {
  return a.name === b.name && a.condition === b.condition;
}

/** Why the item cannot go on the list, or null when it can. */
export function sellListRefusal(list: readonly SellListEntry[], item: InventoryItem): SellListRefusal | null {
  if (!item.tradable) return 'not_tradable';
  if (!item.marketable) return 'not_marketable';
  if (item.listed) return 'listed';
  if (list.some((entry) => entry.assetid === item.assetid || sameKind(entry, item))) return 'in_list';
  return null;
}

/** The list with the item added at `priceCents`; unchanged when the item is refused or the price is not positive. */
export function addToSellList(list: readonly SellListEntry[], item: InventoryItem, priceCents: bigint): SellListEntry[] {
  if (priceCents <= 0n || sellListRefusal(list, item) !== null) return [...list];
  return [...list, { ...item, sellPrice: formatMoney(priceCents), youGet: formatMoney(sellerReceivesCents(priceCents)) }];
}

export function removeFromSellList(list: readonly SellListEntry[], assetid: string): SellListEntry[] {
  return list.filter((entry) => entry.assetid !== assetid);
}

/**
 * The list after the inventory was reloaded: entries whose item is gone, or is now listed or no
 * longer sellable, drop out; the rest keep their prices.
 */
export function reconcileSellList(list: readonly SellListEntry[], inventory: readonly InventoryItem[]): SellListEntry[] {
  const byAsset = new Map(inventory.map((item) => [item.assetid, item]));
  return list.filter((entry) => {
    const current = byAsset.get(entry.assetid);
    return current !== undefined && current.tradable && current.marketable && !current.listed;
  });
}

function cents(amount: string): bigint {
  const value = parseMoney(amount);
  if (value === null) throw new RangeError(`Not a money amount: ${amount}`);
  return value;
}

/** Total of the prices and of what the seller receives (each item's fee is rounded on its own, as the server charges it). */
export function sellListTotals(list: readonly SellListEntry[]): { totalCents: bigint; youGetCents: bigint } {
  let totalCents = 0n;
  let youGetCents = 0n;
  for (const entry of list) {
    totalCents += cents(entry.sellPrice);
    youGetCents += cents(entry.youGet);
  }
  return { totalCents, youGetCents };
}

/** The trade-offer payload of the whole list. */
export function sellListPayload(list: readonly SellListEntry[]): TradeOfferItemPayload[] {
  return list.map((entry) => tradeOfferItem(entry, cents(entry.sellPrice)));
}
