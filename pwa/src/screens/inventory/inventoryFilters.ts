/**
 * The inventory filters (search, weapon type, rarity, condition, StatTrak all/yes/no) as pure
 * functions: the Inventory screen and the Sell tab filter the loaded inventory on the client with
 * these, so both narrow the same items the same way.
 */
import type { InventoryItem } from '../../../../shared/schemas/inventory';

/** The 'no filter' value of the select filters. */
export const ALL = 'all';

export type StatTrakFilter = 'all' | 'yes' | 'no';

export interface InventoryFilters {
  search: string;
  /** A weapon type ('Rifle'), or ALL. */
  weaponType: string;
  /** A rarity ('covert'), or ALL. */
  rarity: string;
  /** A condition ('Field-Tested'), or ALL. */
  condition: string;
  statTrak: StatTrakFilter;
}

export const NO_FILTERS: InventoryFilters = { search: '', weaponType: ALL, rarity: ALL, condition: ALL, statTrak: ALL };

/** What the filters look at; inventory items (and anything shaped like them) fit. */
export type FilterableItem = Pick<InventoryItem, 'name' | 'weaponType' | 'rarity' | 'condition' | 'statTrak'>;

/** Lower-cased words of a name or query; '™' dropped so "stattrak ak" finds "StatTrak™ AK-47". */
function searchWords(text: string): string[] {
  return text.toLowerCase().replace(/™/g, '').split(/\s+/).filter(Boolean);
}

/** Whether one item passes every filter. The search matches when every word is in the name. */
export function matchesFilters(item: FilterableItem, filters: InventoryFilters): boolean {
  const words = searchWords(filters.search);
  if (words.length > 0) {
    const name = item.name.toLowerCase().replace(/™/g, '');
    if (!words.every((word) => name.includes(word))) return false;
  }
  if (filters.weaponType !== ALL && item.weaponType !== filters.weaponType) return false;
  if (filters.rarity !== ALL && item.rarity !== filters.rarity) return false;
  if (filters.condition !== ALL && item.condition !== filters.condition) return false;
  if (filters.statTrak === 'yes' && !item.statTrak) return false;
  if (filters.statTrak === 'no' && item.statTrak) return false;
  return true;
}

/** The items that pass the filters, in their original order. */
export function filterItems<T extends FilterableItem>(items: readonly T[], filters: InventoryFilters): T[] {
  return items.filter((item) => matchesFilters(item, filters));
}

/** True when any filter narrows the list (a blank search does not). */
export function hasActiveFilters(filters: InventoryFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.weaponType !== ALL ||
    filters.rarity !== ALL ||
    filters.condition !== ALL ||
    filters.statTrak !== ALL
  );
}

/** '1 item', '12 items'. */
export function itemCount(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}
