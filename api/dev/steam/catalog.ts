/**
 * The simulated Steam's item catalogue: every real CS2 weapon, knife and glove finish (1732 entries),
 * kept in `cs2-skins.json` beside this file (the product reads nothing outside the repository at
 * run time). Rows are arrays, in the order `fields` names them; `wears` are indices into
 * CONDITIONS.
 *
 * Besides the entries this module knows how Steam tags each one: its `Type` tag (Pistol, Rifle,
 * Sniper Rifle, …), its `Weapon` tag internal name (weapon_ak47…) and its `Rarity` tag (localized
 * name, internal name, colour), so the simulated community inventory answers exactly what Steam would.
 */
import { z } from 'zod';
import { CONDITION_FLOAT_RANGES, CONDITIONS, type Condition, type Rarity, type WeaponType } from '../../../shared/constants';
import rawCatalog from './cs2-skins.json' with { type: 'json' };

/** The dataset's six categories. */
export const CATALOG_CATEGORIES = ['Pistols', 'Rifles', 'SMGs', 'Heavy', 'Knives', 'Gloves'] as const;
export type CatalogCategory = (typeof CATALOG_CATEGORIES)[number];

/** The dataset's eight rarity strings: the game's own names. */
export const CATALOG_RARITIES = [
  'Consumer Grade',
  'Industrial Grade',
  'Mil-Spec Grade',
  'Restricted',
  'Classified',
  'Covert',
  'Contraband',
  'Extraordinary',
] as const;
export type CatalogRarity = (typeof CATALOG_RARITIES)[number];

export interface CatalogEntry {
  /** Stable identifier: `${name}#${paintIndex ?? 'vanilla'}` (names alone repeat, e.g. Doppler phases). */
  key: string;
  /** 'AK-47 | Redline'; vanilla knives are just the knife ('Karambit'); never with ★ or StatTrak™. */
  name: string;
  /** Base item ('AK-47', 'Karambit', 'Sport Gloves'); for vanilla knives the knife's name. */
  weapon: string;
  category: CatalogCategory;
  /** Finish name ('Redline'); null for vanilla knives. */
  pattern: string | null;
  rarity: CatalogRarity;
  /** Whether a StatTrak™ version exists (always for knives, never for gloves). */
  stattrak: boolean;
  /** Float range of the finish; null for vanilla knives. */
  minFloat: number | null;
  maxFloat: number | null;
  /** Wear names the dataset lists for the finish, in CONDITIONS order; empty for vanilla knives. */
  wears: readonly Condition[];
  /** Paint kit index ('282'); null for vanilla knives. */
  paintIndex: string | null;
}

const rowSchema = z.tuple([
  z.string().min(1),
  z.string().min(1).nullable(),
  z.enum(CATALOG_CATEGORIES),
  z.string().min(1).nullable(),
  z.enum(CATALOG_RARITIES),
  z.union([z.literal(0), z.literal(1)]),
  z.number().min(0).max(1).nullable(),
  z.number().min(0).max(1).nullable(),
  z.array(z.number().int().min(0).max(CONDITIONS.length - 1)),
  z.string().regex(/^\d+$/).nullable(),
]);
const fileSchema = z.object({
  fields: z.tuple([
    z.literal('name'),
    z.literal('weapon'),
    z.literal('category'),
    z.literal('pattern'),
    z.literal('rarity'),
    z.literal('stattrak'),
    z.literal('minFloat'),
    z.literal('maxFloat'),
    z.literal('wears'),
    z.literal('paintIndex'),
  ]),
  items: z.array(rowSchema).min(1),
});

export function catalogKeyOf(name: string, paintIndex: string | null): string {
  return `${name}#${paintIndex ?? 'vanilla'}`;
}

function loadCatalog(): readonly CatalogEntry[] {
  const file = fileSchema.parse(rawCatalog);
  return file.items.map(([name, weapon, category, pattern, rarity, stattrak, minFloat, maxFloat, wears, paintIndex]) =>
    Object.freeze({
      key: catalogKeyOf(name, paintIndex),
      name,
      weapon: weapon ?? name,
      category,
      pattern,
      rarity,
      stattrak: stattrak === 1,
      minFloat,
      maxFloat,
      wears: Object.freeze(wears.map((index) => CONDITIONS[index]!)),
      paintIndex,
    }),
  );
}

/** Every entry, sorted by name as the dataset is (ties by paint index). */
export const CATALOG: readonly CatalogEntry[] = Object.freeze(loadCatalog());

const byKey = new Map(CATALOG.map((entry) => [entry.key, entry]));
if (byKey.size !== CATALOG.length) throw new Error('cs2-skins.json: catalogue keys are not unique');

export function catalogEntry(key: string): CatalogEntry | undefined {
  return byKey.get(key);
}

/** Like catalogEntry, for keys that must exist (items the simulation generated itself). */
export function requireCatalogEntry(key: string): CatalogEntry {
  const entry = byKey.get(key);
  if (!entry) throw new Error(`Unknown catalogue item: ${key}`);
  return entry;
}

/** All entries with this display name (several for Doppler phases). */
export function catalogEntriesNamed(name: string): CatalogEntry[] {
  return CATALOG.filter((entry) => entry.name === name);
}

export function isVanilla(entry: CatalogEntry): boolean {
  return entry.paintIndex === null;
}

/** Knives and gloves: Steam prefixes their names with '★' and tags them Quality 'unusual'. */
export function isStarItem(entry: CatalogEntry): boolean {
  return entry.category === 'Knives' || entry.category === 'Gloves';
}

// ---------------------------------------------------------------------------------------------
// Steam tags

const SNIPER_RIFLES = new Set(['AWP', 'SSG 08', 'SCAR-20', 'G3SG1']);
const SHOTGUNS = new Set(['Nova', 'XM1014', 'MAG-7', 'Sawed-Off']);
const MACHINE_GUNS = new Set(['M249', 'Negev']);

/** The Steam `Type` tag's English name (localized_tag_name) for the entry. */
export function steamTypeOf(entry: CatalogEntry): WeaponType {
  switch (entry.category) {
    case 'Pistols':
      return 'Pistol';
    case 'Rifles':
      return SNIPER_RIFLES.has(entry.weapon) ? 'Sniper Rifle' : 'Rifle';
    case 'SMGs':
      return 'SMG';
    case 'Heavy':
      if (SHOTGUNS.has(entry.weapon)) return 'Shotgun';
      if (MACHINE_GUNS.has(entry.weapon)) return 'Machinegun';
      throw new Error(`Heavy weapon of unknown type: ${entry.weapon}`);
    case 'Knives':
      return 'Knife';
    case 'Gloves':
      return 'Gloves';
  }
}

/** Internal names of Steam's `Type` tag values (category 'Type'). */
export const STEAM_TYPE_INTERNAL_NAMES: Record<WeaponType, string> = {
  Pistol: 'CSGO_Type_Pistol',
  Rifle: 'CSGO_Type_Rifle',
  'Sniper Rifle': 'CSGO_Type_SniperRifle',
  SMG: 'CSGO_Type_SMG',
  Shotgun: 'CSGO_Type_Shotgun',
  Machinegun: 'CSGO_Type_Machinegun',
  Knife: 'CSGO_Type_Knife',
  Gloves: 'Type_Hands',
};

export interface SteamTag {
  internalName: string;
  localizedName: string;
}

export function steamTypeTagOf(entry: CatalogEntry): SteamTag {
  const type = steamTypeOf(entry);
  return { internalName: STEAM_TYPE_INTERNAL_NAMES[type], localizedName: type };
}

/** Internal names of Steam's `Weapon` tag values (category 'Weapon'), by the dataset's base item. */
export const STEAM_WEAPON_INTERNAL_NAMES: Readonly<Record<string, string>> = {
  'AK-47': 'weapon_ak47',
  AUG: 'weapon_aug',
  AWP: 'weapon_awp',
  'CZ75-Auto': 'weapon_cz75a',
  'Desert Eagle': 'weapon_deagle',
  'Dual Berettas': 'weapon_elite',
  FAMAS: 'weapon_famas',
  'Five-SeveN': 'weapon_fiveseven',
  G3SG1: 'weapon_g3sg1',
  'Galil AR': 'weapon_galilar',
  'Glock-18': 'weapon_glock',
  M249: 'weapon_m249',
  'M4A1-S': 'weapon_m4a1_silencer',
  M4A4: 'weapon_m4a1',
  'MAC-10': 'weapon_mac10',
  'MAG-7': 'weapon_mag7',
  'MP5-SD': 'weapon_mp5sd',
  MP7: 'weapon_mp7',
  MP9: 'weapon_mp9',
  Negev: 'weapon_negev',
  Nova: 'weapon_nova',
  P2000: 'weapon_hkp2000',
  P250: 'weapon_p250',
  P90: 'weapon_p90',
  'PP-Bizon': 'weapon_bizon',
  'R8 Revolver': 'weapon_revolver',
  'SCAR-20': 'weapon_scar20',
  'SG 553': 'weapon_sg556',
  'SSG 08': 'weapon_ssg08',
  'Sawed-Off': 'weapon_sawedoff',
  'Tec-9': 'weapon_tec9',
  'UMP-45': 'weapon_ump45',
  'USP-S': 'weapon_usp_silencer',
  XM1014: 'weapon_xm1014',
  Bayonet: 'weapon_bayonet',
  'Bowie Knife': 'weapon_knife_survival_bowie',
  'Butterfly Knife': 'weapon_knife_butterfly',
  'Classic Knife': 'weapon_knife_css',
  'Falchion Knife': 'weapon_knife_falchion',
  'Flip Knife': 'weapon_knife_flip',
  'Gut Knife': 'weapon_knife_gut',
  'Huntsman Knife': 'weapon_knife_tactical',
  Karambit: 'weapon_knife_karambit',
  'M9 Bayonet': 'weapon_knife_m9_bayonet',
  'Navaja Knife': 'weapon_knife_gypsy_jackknife',
  'Nomad Knife': 'weapon_knife_outdoor',
  'Paracord Knife': 'weapon_knife_cord',
  'Shadow Daggers': 'weapon_knife_push',
  'Skeleton Knife': 'weapon_knife_skeleton',
  'Stiletto Knife': 'weapon_knife_stiletto',
  'Survival Knife': 'weapon_knife_canis',
  'Talon Knife': 'weapon_knife_widowmaker',
  'Ursus Knife': 'weapon_knife_ursus',
};

/**
 * The `Weapon` tag of the entry; null for gloves, which Steam does not tag with a weapon.
 * A base item missing from the table (a future dataset update) gets a derived internal name.
 */
export function steamWeaponTagOf(entry: CatalogEntry): SteamTag | null {
  if (entry.category === 'Gloves') return null;
  const internalName =
    STEAM_WEAPON_INTERNAL_NAMES[entry.weapon] ?? `weapon_${entry.weapon.toLowerCase().replace(/[^a-z0-9]+/g, '')}`;
  return { internalName, localizedName: entry.weapon };
}

export interface SteamRarityTag extends SteamTag {
  /** Hex colour without '#', as Steam gives it. */
  color: string;
}

/** Steam's `Rarity` tag for each of the dataset's eight rarity strings. */
export const STEAM_RARITY_TAGS: Record<CatalogRarity, SteamRarityTag> = {
  'Consumer Grade': { localizedName: 'Consumer Grade', internalName: 'Rarity_Common_Weapon', color: 'b0c3d9' },
  'Industrial Grade': { localizedName: 'Industrial Grade', internalName: 'Rarity_Uncommon_Weapon', color: '5e98d9' },
  'Mil-Spec Grade': { localizedName: 'Mil-Spec Grade', internalName: 'Rarity_Rare_Weapon', color: '4b69ff' },
  Restricted: { localizedName: 'Restricted', internalName: 'Rarity_Mythical_Weapon', color: '8847ff' },
  Classified: { localizedName: 'Classified', internalName: 'Rarity_Legendary_Weapon', color: 'd32ce6' },
  Covert: { localizedName: 'Covert', internalName: 'Rarity_Ancient_Weapon', color: 'eb4b4b' },
  Contraband: { localizedName: 'Contraband', internalName: 'Rarity_Contraband', color: 'e4ae39' },
  Extraordinary: { localizedName: 'Extraordinary', internalName: 'Rarity_Ancient', color: 'eb4b4b' },
};

export function steamRarityOf(entry: CatalogEntry): SteamRarityTag {
  return STEAM_RARITY_TAGS[entry.rarity];
}

/**
 * The product's rarity value for each dataset rarity (the gloves' Extraordinary is Steam's covert
 * tier, so covert).
 */
export const PRODUCT_RARITY_OF: Record<CatalogRarity, Rarity> = {
  'Consumer Grade': 'consumer grade',
  'Industrial Grade': 'industrial grade',
  'Mil-Spec Grade': 'mil-spec',
  Restricted: 'restricted',
  Classified: 'classified',
  Covert: 'covert',
  Contraband: 'contraband',
  Extraordinary: 'covert',
};

export function productRarityOf(entry: CatalogEntry): Rarity {
  return PRODUCT_RARITY_OF[entry.rarity];
}

// ---------------------------------------------------------------------------------------------
// Wear

/** Narrower float intervals than this are treated as impossible (the dataset lists e.g. Battle-Scarred
 *  for finishes whose float range ends exactly at 0.45, where Battle-Scarred starts). */
const MIN_WEAR_INTERVAL = 1e-4;

/**
 * The float interval [min, max) an item of this entry in this exterior can have: the exterior's range
 * intersected with the finish's. Null when the two do not overlap (or the entry is vanilla).
 */
export function wearFloatRange(entry: CatalogEntry, exterior: Condition): readonly [number, number] | null {
  if (entry.minFloat === null || entry.maxFloat === null) return null;
  const [low, high] = CONDITION_FLOAT_RANGES[exterior];
  const min = Math.max(low, entry.minFloat);
  const max = Math.min(high, entry.maxFloat);
  return max - min >= MIN_WEAR_INTERVAL ? [min, max] : null;
}

const exteriorsOf = new WeakMap<CatalogEntry, readonly Condition[]>();

/** The dataset's wears that a real float can reach (see wearFloatRange); worked out once per entry (the demo seed asks a million times). */
export function possibleExteriors(entry: CatalogEntry): readonly Condition[] {
  let exteriors = exteriorsOf.get(entry);
  if (!exteriors) {
    exteriors = entry.wears.filter((wear) => wearFloatRange(entry, wear) !== null);
    exteriorsOf.set(entry, exteriors);
  }
  return exteriors;
}
