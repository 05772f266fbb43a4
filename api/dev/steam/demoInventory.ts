/**
 * Deterministic CS2 inventories for the simulated Steam: the demo accounts and any other valid
 * steamid64 (load tests sign in many generated users). The same steamid always yields the same items.
 *
 * Every inventory of at least MIN_COVERAGE_COUNT items holds:
 * - every product rarity except 'unknown' (Contraband is a single finish, M4A4 | Howl: every
 *   inventory gets one, so the rarity filter has something to show whichever account is used),
 * - every condition, every Steam weapon type (Pistol … Gloves),
 * - several StatTrak™ items (only finishes that exist as StatTrak™; knives do, gloves do not),
 * - a few Souvenir items (from SOUVENIR_SKINS: the dataset has no souvenir flag),
 * - 3-5 items that are not tradable and/or not marketable.
 */
import { CONDITIONS, MAX_PAINT_SEED, type Condition } from '../../../shared/constants';
import { isSteamId64, STEAMID64_BASE } from '../../../shared/steam';
import {
  CATALOG,
  catalogEntriesNamed,
  possibleExteriors,
  steamTypeOf,
  wearFloatRange,
  type CatalogEntry,
  type CatalogRarity,
} from './catalog';

export interface SimItem {
  /** Decimal string, unique across all simulated accounts. */
  assetid: string;
  /** Same for identical descriptions: catalogue item + exterior + StatTrak™/Souvenir (see classIdOf). */
  classid: string;
  /** Distinguishes tradability variants of a class (see instanceIdOf). */
  instanceid: string;
  catalogKey: string;
  tradable: boolean;
  marketable: boolean;
  statTrak: boolean;
  souvenir: boolean;
  /** Null for vanilla knives. */
  exterior: Condition | null;
  /** Wear rating, a float32 value inside both the exterior's and the finish's range; null for vanilla knives. */
  float: number | null;
  /** Pattern template 0-1000; null for vanilla knives. */
  paintSeed: number | null;
}

export interface DemoAccount {
  steamId: string;
  personaName: string;
}

export const demoAccounts: readonly DemoAccount[] = Object.freeze([
  { steamId: '76561198000000001', personaName: 'Demo Seller' },
  { steamId: '76561198000000002', personaName: 'Demo Buyer' },
  { steamId: '76561198000000003', personaName: 'Demo Decliner' },
]);

/** The demo account whose trade offers the simulated bot always declines. */
export const DECLINING_DEMO_STEAM_ID = '76561198000000003';

/**
 * Real finishes that exist as Souvenirs (dropped in tournament souvenir packages). The dataset has no
 * souvenir flag, so this list is the simulation's source; the tests check each name is in the catalogue.
 */
export const SOUVENIR_SKINS: readonly string[] = Object.freeze([
  'AWP | Dragon Lore',
  'M4A1-S | Knight',
  'AK-47 | Safari Mesh',
  'P250 | Sand Dune',
  'Nova | Predator',
  'MP9 | Storm',
  'Sawed-Off | Snake Camo',
]);

/** The smallest inventory size for which the coverage guarantees above hold. */
export const MIN_COVERAGE_COUNT = 24;
/** Upper bound of generateInventory's count (asset ids leave room for a million per account). */
export const MAX_GENERATED_COUNT = 5000;
const ASSET_IDS_PER_ACCOUNT = 1_000_000n;

// ---------------------------------------------------------------------------------------------
// Hashing and seeded randomness

/** cyrb53: a fast, well-mixed 53-bit string hash (not cryptographic). */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [0, n). */
  int(n: number): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

/** mulberry32 seeded with a 32-bit integer, or with the hash of a string. */
export function createRng(seed: number | string): Rng {
  let state = (typeof seed === 'string' ? hash53(seed) : seed) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)]!;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Identifiers

/**
 * Steam's classid identifies an item description: the same catalogue item with the same exterior and
 * the same StatTrak™/Souvenir quality shares one classid (a 53-bit hash, as a decimal string).
 */
export function classIdOf(catalogKey: string, exterior: Condition | null, statTrak: boolean, souvenir: boolean): string {
  const quality = souvenir ? 'tournament' : statTrak ? 'strange' : 'normal';
  return String(hash53(`${catalogKey}|${exterior ?? 'none'}|${quality}`, 730));
}

/** The instanceid for a tradability variant; '0' for the ordinary tradable and marketable item. */
export function instanceIdOf(tradable: boolean, marketable: boolean): string {
  if (tradable && marketable) return '0';
  if (!tradable && !marketable) return '302028390';
  return tradable ? '480085569' : '188530139';
}

/** Asset ids of a generated inventory: the account id × 1,000,000 + the item's number (1-based). */
export function generatedAssetId(steamId: string, itemNumber: number): string {
  return ((BigInt(steamId) - STEAMID64_BASE) * ASSET_IDS_PER_ACCOUNT + BigInt(itemNumber)).toString();
}

// ---------------------------------------------------------------------------------------------
// Accounts

/** 'Trader 4821': a deterministic display name for a generated (non-demo) account. */
export function generatedPersonaName(steamId: string): string {
  return `Trader ${1000 + (hash53(steamId, 4821) % 9000)}`;
}

/** The demo account's name, or the generated one. */
export function personaNameOf(steamId: string): string {
  return demoAccounts.find((account) => account.steamId === steamId)?.personaName ?? generatedPersonaName(steamId);
}

// ---------------------------------------------------------------------------------------------
// Items

/** A float32 value (Steam's wear values are float32) uniformly inside the exterior's float range. */
function drawFloat(rng: Rng, entry: CatalogEntry, exterior: Condition): number {
  const range = wearFloatRange(entry, exterior);
  if (!range) throw new Error(`${entry.name} cannot be ${exterior}`);
  // Keep a margin from both ends so rounding to float32 cannot cross into the next exterior.
  const margin = Math.min(1e-6, (range[1] - range[0]) / 4);
  return Math.fround(rng.between(range[0] + margin, range[1] - margin));
}

export interface GenerateItemOptions {
  assetid: string;
  /** Default: the entry's possible exteriors, chosen at random; vanilla knives get none. */
  exterior?: Condition;
  statTrak?: boolean;
  souvenir?: boolean;
  tradable?: boolean;
  marketable?: boolean;
}

/** One item of the catalogue entry with a random float and paint seed (or the given attributes). */
export function generateItem(rng: Rng, entry: CatalogEntry, options: GenerateItemOptions): SimItem {
  const exteriors = possibleExteriors(entry);
  let exterior: Condition | null = null;
  if (exteriors.length > 0) {
    exterior = options.exterior ?? rng.pick(exteriors);
    if (!exteriors.includes(exterior)) throw new Error(`${entry.name} cannot be ${exterior}`);
  } else if (options.exterior) {
    throw new Error(`${entry.name} has no exterior`);
  }
  const statTrak = options.statTrak ?? false;
  const souvenir = options.souvenir ?? false;
  if (statTrak && !entry.stattrak) throw new Error(`${entry.name} does not exist as StatTrak™`);
  if (statTrak && souvenir) throw new Error('An item cannot be both StatTrak™ and Souvenir');
  const tradable = options.tradable ?? true;
  const marketable = options.marketable ?? true;
  return {
    assetid: options.assetid,
    classid: classIdOf(entry.key, exterior, statTrak, souvenir),
    instanceid: instanceIdOf(tradable, marketable),
    catalogKey: entry.key,
    tradable,
    marketable,
    statTrak,
    souvenir,
    exterior,
    float: exterior === null ? null : drawFloat(rng, entry, exterior),
    paintSeed: entry.paintIndex === null ? null : rng.int(MAX_PAINT_SEED + 1),
  };
}

// Pools the generator draws from.
const GUN_CATEGORIES = new Set(['Pistols', 'Rifles', 'SMGs', 'Heavy']);
const gunsOfRarity = (rarity: CatalogRarity) => CATALOG.filter((e) => GUN_CATEGORIES.has(e.category) && e.rarity === rarity);
const POOLS = {
  'Consumer Grade': gunsOfRarity('Consumer Grade'),
  'Industrial Grade': gunsOfRarity('Industrial Grade'),
  'Mil-Spec Grade': gunsOfRarity('Mil-Spec Grade'),
  Restricted: gunsOfRarity('Restricted'),
  Classified: gunsOfRarity('Classified'),
  Covert: gunsOfRarity('Covert'),
  Contraband: gunsOfRarity('Contraband'),
  Knife: CATALOG.filter((e) => e.category === 'Knives'),
  Gloves: CATALOG.filter((e) => e.category === 'Gloves'),
} as const;
type PoolName = keyof typeof POOLS;
const BY_TYPE = new Map<string, CatalogEntry[]>();
for (const entry of CATALOG) {
  const type = steamTypeOf(entry);
  BY_TYPE.set(type, [...(BY_TYPE.get(type) ?? []), entry]);
}
const SOUVENIR_ENTRIES = SOUVENIR_SKINS.flatMap((name) => catalogEntriesNamed(name));

/** Relative frequency of each pool among the items beyond the required ones: cheap skins are common. */
const FILLER_WEIGHTS: ReadonlyArray<readonly [PoolName, number]> = [
  ['Consumer Grade', 18],
  ['Industrial Grade', 18],
  ['Mil-Spec Grade', 24],
  ['Restricted', 16],
  ['Classified', 9],
  ['Covert', 5],
  ['Knife', 5],
  ['Gloves', 3],
];
const FILLER_TOTAL = FILLER_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);

function pickFillerPool(rng: Rng): PoolName {
  let roll = rng.next() * FILLER_TOTAL;
  for (const [pool, weight] of FILLER_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return pool;
  }
  return 'Mil-Spec Grade';
}

interface Plan {
  entry: CatalogEntry;
  souvenir: boolean;
  statTrak: boolean;
  exterior?: Condition;
  tradable: boolean;
  marketable: boolean;
}

/** Non-tradable / non-marketable variants, in the order they are handed out. */
const RESTRICTIONS = [
  { tradable: false, marketable: false },
  { tradable: false, marketable: true },
  { tradable: true, marketable: false },
] as const;

/**
 * The inventory of a steamid64: `count` items (default 48), deterministic per steamId, newest first
 * (asset ids descending, as Steam lists them). Throws for a string that is not a valid steamid64.
 */
export function generateInventory(steamId: string, count = 48): SimItem[] {
  if (!isSteamId64(steamId)) throw new RangeError(`Not a steamid64: ${steamId}`);
  if (!Number.isInteger(count) || count < 0 || count > MAX_GENERATED_COUNT) {
    throw new RangeError(`Inventory size must be an integer from 0 to ${MAX_GENERATED_COUNT}`);
  }
  const rng = createRng(`inventory:${steamId}`);
  const plans: Plan[] = [];
  const add = (entry: CatalogEntry, souvenir = false) =>
    plans.push({ entry, souvenir, statTrak: false, tradable: true, marketable: true });

  // Required items first: one per Steam type, one per rarity tier, two or three souvenirs.
  for (const type of BY_TYPE.keys()) add(rng.pick(BY_TYPE.get(type)!));
  for (const pool of ['Consumer Grade', 'Industrial Grade', 'Mil-Spec Grade', 'Restricted', 'Classified', 'Covert', 'Contraband'] as const) {
    add(rng.pick(POOLS[pool]));
  }
  for (const entry of rng.shuffle(SOUVENIR_ENTRIES).slice(0, 2 + rng.int(2))) add(entry, true);
  // Then ordinary finds, weighted toward the cheap tiers.
  while (plans.length < count) add(rng.pick(POOLS[pickFillerPool(rng)]));
  plans.length = Math.min(plans.length, count);

  // Exteriors: random among the possible ones, then make sure every condition appears.
  for (const plan of plans) {
    const exteriors = possibleExteriors(plan.entry);
    if (exteriors.length > 0) plan.exterior = rng.pick(exteriors);
  }
  for (const condition of CONDITIONS) {
    if (plans.some((plan) => plan.exterior === condition)) continue;
    const candidates = plans.filter((plan) => {
      if (!possibleExteriors(plan.entry).includes(condition)) return false;
      const current = plan.exterior;
      return current === undefined || plans.filter((other) => other.exterior === current).length > 1;
    });
    if (candidates.length > 0) rng.pick(candidates).exterior = condition;
  }

  // StatTrak™: about one eligible item in four, at least three.
  const eligible = plans.filter((plan) => plan.entry.stattrak && !plan.souvenir);
  for (const plan of eligible) plan.statTrak = rng.chance(0.25);
  const wanted = Math.min(3, eligible.length);
  for (const plan of rng.shuffle(eligible)) {
    if (eligible.filter((p) => p.statTrak).length >= wanted) break;
    plan.statTrak = true;
  }

  // Three to five items that cannot be traded and/or sold (trade-protected, recently bought…).
  const restricted = Math.min(plans.length, 3 + rng.int(3));
  const offset = rng.int(RESTRICTIONS.length);
  rng.shuffle(plans)
    .slice(0, restricted)
    .forEach((plan, index) => Object.assign(plan, RESTRICTIONS[(offset + index) % RESTRICTIONS.length]));

  // Newest first: the first item gets the highest asset id.
  return rng.shuffle(plans).map((plan, index) =>
    generateItem(rng, plan.entry, {
      assetid: generatedAssetId(steamId, plans.length - index),
      exterior: plan.exterior,
      statTrak: plan.statTrak,
      souvenir: plan.souvenir,
      tradable: plan.tradable,
      marketable: plan.marketable,
    }),
  );
}
