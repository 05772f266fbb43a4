/**
 * Prices for demo-seeded listings, in integer cents: what a CS2 skin of this finish, wear and quality
 * roughly sells for. Each finish gets a stable base price inside its tier's range (the same skin is
 * always about the same price), scaled by wear (Factory New costs most), StatTrak™ and Souvenir
 * premiums, and a little noise per listing so two sellers of one skin ask different prices.
 */
import { MAX_SELL_PRICE_CENTS, MIN_SELL_PRICE_CENTS, type Condition } from '../../../shared/constants';
import { type CatalogEntry } from '../steam/catalog';
import { hash53, type Rng } from '../steam/demoInventory';

/** Field-Tested, non-StatTrak price range of a finish, by tier (knives and gloves are their own tiers). */
const TIER_RANGE_CENTS = {
  'Consumer Grade': [3, 40],
  'Industrial Grade': [5, 150],
  'Mil-Spec Grade': [10, 800],
  Restricted: [60, 4_000],
  Classified: [300, 15_000],
  Covert: [1_000, 120_000],
  Contraband: [150_000, 600_000],
  Knives: [8_000, 250_000],
  Gloves: [9_000, 300_000],
} as const;

type Tier = keyof typeof TIER_RANGE_CENTS;

/** Better wear is rarer and dearer. Items without wear (vanilla knives) count as Field-Tested. */
const WEAR_FACTOR: Record<Condition, number> = {
  'Factory New': 1.8,
  'Minimal Wear': 1.3,
  'Field-Tested': 1,
  'Well-Worn': 0.85,
  'Battle-Scarred': 0.75,
};
const STATTRAK_FACTOR = 2.2;
const SOUVENIR_FACTOR = 3;
/** Each listing's price is the skin's price times a factor in [1 - NOISE, 1 + NOISE). */
const NOISE = 0.1;

export function tierOf(entry: CatalogEntry): Tier {
  if (entry.category === 'Knives' || entry.category === 'Gloves') return entry.category;
  // Extraordinary is the gloves' rarity only; the dataset has no other.
  return entry.rarity === 'Extraordinary' ? 'Gloves' : entry.rarity;
}

/** Where inside its tier's range the finish sits (log scale, stable per finish): 0 ≤ x < 1. */
function finishPosition(entry: CatalogEntry): number {
  return (hash53(entry.key, 1729) % 1_000_000) / 1_000_000;
}

function multiplier(exterior: Condition | null, statTrak: boolean, souvenir: boolean): number {
  return (exterior ? WEAR_FACTOR[exterior] : 1) * (statTrak ? STATTRAK_FACTOR : 1) * (souvenir ? SOUVENIR_FACTOR : 1);
}

const clamp = (cents: number) => Math.min(MAX_SELL_PRICE_CENTS, Math.max(MIN_SELL_PRICE_CENTS, Math.round(cents)));

/** The price range, in cents, any listing of this finish and quality falls in (inclusive). */
export function priceBounds(entry: CatalogEntry, exterior: Condition | null, statTrak: boolean, souvenir: boolean): [number, number] {
  const [low, high] = TIER_RANGE_CENTS[tierOf(entry)];
  const factor = multiplier(exterior, statTrak, souvenir);
  return [clamp(low * factor * (1 - NOISE)), clamp(high * factor * (1 + NOISE))];
}

/** A listing price in cents for one item of the finish. */
export function seedPriceCents(rng: Rng, entry: CatalogEntry, exterior: Condition | null, statTrak: boolean, souvenir: boolean): number {
  const [low, high] = TIER_RANGE_CENTS[tierOf(entry)];
  const base = low * (high / low) ** finishPosition(entry);
  return clamp(base * multiplier(exterior, statTrak, souvenir) * rng.between(1 - NOISE, 1 + NOISE));
}
