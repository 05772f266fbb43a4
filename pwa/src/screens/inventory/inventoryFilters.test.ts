import { describe, expect, it } from 'vitest';
import { filterItems, hasActiveFilters, itemCount, matchesFilters, NO_FILTERS, type FilterableItem } from './inventoryFilters';

const ak: FilterableItem = { name: 'StatTrak™ AK-47 | Redline (Field-Tested)', weaponType: 'Rifle', rarity: 'classified', condition: 'Field-Tested', statTrak: true };
const awp: FilterableItem = { name: 'AWP | Asiimov (Battle-Scarred)', weaponType: 'Sniper Rifle', rarity: 'covert', condition: 'Battle-Scarred', statTrak: false };
const glock: FilterableItem = { name: 'Glock-18 | Fade (Factory New)', weaponType: 'Pistol', rarity: 'restricted', condition: 'Factory New', statTrak: false };
const sticker: FilterableItem = { name: 'Sticker | Crown (Foil)', weaponType: '', rarity: 'contraband', condition: null, statTrak: false };
const items = [ak, awp, glock, sticker];

describe('filterItems', () => {
  it('keeps everything, in order, without filters', () => {
    expect(filterItems(items, NO_FILTERS)).toEqual(items);
  });

  it('searches every word of the query in the name, ignoring case and the ™ mark', () => {
    expect(filterItems(items, { ...NO_FILTERS, search: 'stattrak REDLINE' })).toEqual([ak]);
    expect(filterItems(items, { ...NO_FILTERS, search: '  asiimov   awp ' })).toEqual([awp]);
    expect(filterItems(items, { ...NO_FILTERS, search: 'ak-47 asiimov' })).toEqual([]);
    expect(filterItems(items, { ...NO_FILTERS, search: 'StatTrak™' })).toEqual([ak]);
  });

  it('filters by weapon type, rarity and condition exactly', () => {
    expect(filterItems(items, { ...NO_FILTERS, weaponType: 'Rifle' })).toEqual([ak]);
    expect(filterItems(items, { ...NO_FILTERS, rarity: 'covert' })).toEqual([awp]);
    expect(filterItems(items, { ...NO_FILTERS, condition: 'Factory New' })).toEqual([glock]);
  });

  it('treats StatTrak yes/no/all as only, none, any', () => {
    expect(filterItems(items, { ...NO_FILTERS, statTrak: 'yes' })).toEqual([ak]);
    expect(filterItems(items, { ...NO_FILTERS, statTrak: 'no' })).toEqual([awp, glock, sticker]);
    expect(filterItems(items, { ...NO_FILTERS, statTrak: 'all' })).toEqual(items);
  });

  it('combines filters (all must hold)', () => {
    expect(filterItems(items, { ...NO_FILTERS, rarity: 'covert', statTrak: 'yes' })).toEqual([]);
    expect(filterItems(items, { ...NO_FILTERS, weaponType: 'Pistol', condition: 'Factory New', search: 'fade' })).toEqual([glock]);
  });

  it('never matches a condition filter for items without wear', () => {
    expect(matchesFilters(sticker, { ...NO_FILTERS, condition: 'Factory New' })).toBe(false);
  });
});

describe('hasActiveFilters', () => {
  it('is false for no filters and a blank search, true for any narrowing filter', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, search: '   ' })).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, search: 'ak' })).toBe(true);
    expect(hasActiveFilters({ ...NO_FILTERS, weaponType: 'Knife' })).toBe(true);
    expect(hasActiveFilters({ ...NO_FILTERS, rarity: 'covert' })).toBe(true);
    expect(hasActiveFilters({ ...NO_FILTERS, condition: 'Well-Worn' })).toBe(true);
    expect(hasActiveFilters({ ...NO_FILTERS, statTrak: 'no' })).toBe(true);
  });
});

describe('itemCount', () => {
  it('uses the singular for one', () => {
    expect(itemCount(0)).toBe('0 items');
    expect(itemCount(1)).toBe('1 item');
    expect(itemCount(42)).toBe('42 items');
  });
});
