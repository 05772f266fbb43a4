import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONDITIONS, RARITIES, RARITY_COLORS, WEAPON_TYPES } from '../../../shared/constants';
import {
  CATALOG,
  CATALOG_RARITIES,
  catalogEntriesNamed,
  catalogEntry,
  catalogKeyOf,
  possibleExteriors,
  productRarityOf,
  requireCatalogEntry,
  STEAM_RARITY_TAGS,
  STEAM_WEAPON_INTERNAL_NAMES,
  steamRarityOf,
  steamTypeOf,
  steamTypeTagOf,
  steamWeaponTagOf,
  wearFloatRange,
  type CatalogEntry,
} from './catalog';

const one = (name: string): CatalogEntry => {
  const [entry] = catalogEntriesNamed(name);
  if (!entry) throw new Error(`missing ${name}`);
  return entry;
};

describe('catalogue data', () => {
  it('holds every entry of the dataset with unique keys', () => {
    expect(CATALOG).toHaveLength(1732);
    expect(new Set(CATALOG.map((entry) => entry.key)).size).toBe(1732);
    for (const entry of CATALOG) expect(entry.key).toBe(catalogKeyOf(entry.name, entry.paintIndex));
  });

  it('keeps repeated names apart by paint index (Doppler phases)', () => {
    const phases = catalogEntriesNamed('Karambit | Doppler');
    expect(phases.length).toBeGreaterThan(1);
    expect(new Set(phases.map((entry) => entry.key)).size).toBe(phases.length);
    expect(catalogEntry(phases[0]!.key)).toBe(phases[0]);
  });

  it('keeps non-ASCII names intact', () => {
    expect(one('M4A4 | 龍王 (Dragon King)').weapon).toBe('M4A4');
    expect(one('Negev | Mjölnir').pattern).toBe('Mjölnir');
    expect(one('Sawed-Off | Kiss♥Love').rarity).toBe('Classified');
  });

  it('describes vanilla knives: weapon = name, no finish, no wear', () => {
    const vanilla = CATALOG.filter((entry) => entry.paintIndex === null);
    expect(vanilla).toHaveLength(19);
    for (const entry of vanilla) {
      expect(entry.category).toBe('Knives');
      expect(entry.weapon).toBe(entry.name);
      expect(entry.pattern).toBeNull();
      expect(entry.minFloat).toBeNull();
      expect(entry.wears).toEqual([]);
      expect(entry.key).toBe(`${entry.name}#vanilla`);
    }
    expect(requireCatalogEntry('Karambit#vanilla').stattrak).toBe(true);
  });

  it('keeps StatTrak availability as the dataset says (knives yes, gloves no, Howl no)', () => {
    expect(CATALOG.filter((e) => e.category === 'Knives').every((e) => e.stattrak)).toBe(true);
    expect(CATALOG.filter((e) => e.category === 'Gloves').some((e) => e.stattrak)).toBe(false);
    expect(one('M4A4 | Howl').stattrak).toBe(false);
    expect(one('AK-47 | Redline').stattrak).toBe(true);
  });

  it('throws for an unknown key only when asked to', () => {
    expect(catalogEntry('Nothing | Here#1')).toBeUndefined();
    expect(() => requireCatalogEntry('Nothing | Here#1')).toThrow(/Unknown catalogue item/);
  });

  const source = new URL('../../../../shared/data/cs2-skins.json', import.meta.url);
  it.skipIf(!existsSync(source))('is a faithful copy of ../shared/data/cs2-skins.json', () => {
    const original = JSON.parse(readFileSync(source, 'utf8')) as Array<Record<string, unknown>>;
    expect(original).toHaveLength(CATALOG.length);
    original.forEach((row, index) => {
      const entry = CATALOG[index]!;
      expect({
        name: entry.name,
        weapon: entry.paintIndex === null && row.weapon === null ? null : entry.weapon,
        category: entry.category,
        pattern: entry.pattern,
        rarity: entry.rarity,
        stattrak: entry.stattrak,
        minFloat: entry.minFloat,
        maxFloat: entry.maxFloat,
        wears: entry.wears,
        paintIndex: entry.paintIndex,
      }).toEqual({
        name: row.name,
        weapon: row.weapon,
        category: row.category,
        pattern: row.pattern,
        rarity: row.rarity,
        stattrak: row.stattrak,
        minFloat: row.minFloat,
        maxFloat: row.maxFloat,
        wears: row.wears,
        paintIndex: row.paintIndex,
      });
    });
  });
});

describe('Steam Type tag', () => {
  it.each([
    ['AK-47 | Redline', 'Rifle', 'CSGO_Type_Rifle'],
    ['M4A1-S | Knight', 'Rifle', 'CSGO_Type_Rifle'],
    ['AWP | Dragon Lore', 'Sniper Rifle', 'CSGO_Type_SniperRifle'],
    ['SSG 08 | Blood in the Water', 'Sniper Rifle', 'CSGO_Type_SniperRifle'],
    ['SCAR-20 | Cardiac', 'Sniper Rifle', 'CSGO_Type_SniperRifle'],
    ['G3SG1 | The Executioner', 'Sniper Rifle', 'CSGO_Type_SniperRifle'],
    ['Glock-18 | Water Elemental', 'Pistol', 'CSGO_Type_Pistol'],
    ['MP9 | Storm', 'SMG', 'CSGO_Type_SMG'],
    ['Nova | Predator', 'Shotgun', 'CSGO_Type_Shotgun'],
    ['XM1014 | Tranquility', 'Shotgun', 'CSGO_Type_Shotgun'],
    ['MAG-7 | Heat', 'Shotgun', 'CSGO_Type_Shotgun'],
    ['Sawed-Off | Snake Camo', 'Shotgun', 'CSGO_Type_Shotgun'],
    ['M249 | Humidor', 'Machinegun', 'CSGO_Type_Machinegun'],
    ['Negev | Mjölnir', 'Machinegun', 'CSGO_Type_Machinegun'],
    ['Karambit | Doppler', 'Knife', 'CSGO_Type_Knife'],
    ['Karambit', 'Knife', 'CSGO_Type_Knife'],
    ['Sport Gloves | Vice', 'Gloves', 'Type_Hands'],
  ])('%s is a %s', (name, type, internalName) => {
    const entry = one(name);
    expect(steamTypeOf(entry)).toBe(type);
    expect(steamTypeTagOf(entry)).toEqual({ internalName, localizedName: type });
  });

  it('gives every entry one of the product weapon types, and every type has entries', () => {
    const types = new Set(CATALOG.map(steamTypeOf));
    expect([...types].sort()).toEqual([...WEAPON_TYPES].sort());
  });
});

describe('Steam Weapon tag', () => {
  it('knows the internal name of every base item (gloves have no Weapon tag)', () => {
    for (const entry of CATALOG) {
      const tag = steamWeaponTagOf(entry);
      if (entry.category === 'Gloves') {
        expect(tag).toBeNull();
      } else {
        expect(STEAM_WEAPON_INTERNAL_NAMES[entry.weapon], entry.weapon).toBeDefined();
        expect(tag).toEqual({ internalName: STEAM_WEAPON_INTERNAL_NAMES[entry.weapon], localizedName: entry.weapon });
      }
    }
    expect(steamWeaponTagOf(one('AK-47 | Redline'))?.internalName).toBe('weapon_ak47');
    expect(steamWeaponTagOf(one('M4A4 | Howl'))?.internalName).toBe('weapon_m4a1');
    expect(steamWeaponTagOf(one('M4A1-S | Knight'))?.internalName).toBe('weapon_m4a1_silencer');
    expect(steamWeaponTagOf(requireCatalogEntry('Karambit#vanilla'))?.internalName).toBe('weapon_knife_karambit');
  });
});

describe('Steam Rarity tag and product rarity', () => {
  it('maps each of the eight dataset rarity strings explicitly', () => {
    expect(STEAM_RARITY_TAGS).toEqual({
      'Consumer Grade': { localizedName: 'Consumer Grade', internalName: 'Rarity_Common_Weapon', color: 'b0c3d9' },
      'Industrial Grade': { localizedName: 'Industrial Grade', internalName: 'Rarity_Uncommon_Weapon', color: '5e98d9' },
      'Mil-Spec Grade': { localizedName: 'Mil-Spec Grade', internalName: 'Rarity_Rare_Weapon', color: '4b69ff' },
      Restricted: { localizedName: 'Restricted', internalName: 'Rarity_Mythical_Weapon', color: '8847ff' },
      Classified: { localizedName: 'Classified', internalName: 'Rarity_Legendary_Weapon', color: 'd32ce6' },
      Covert: { localizedName: 'Covert', internalName: 'Rarity_Ancient_Weapon', color: 'eb4b4b' },
      Contraband: { localizedName: 'Contraband', internalName: 'Rarity_Contraband', color: 'e4ae39' },
      Extraordinary: { localizedName: 'Extraordinary', internalName: 'Rarity_Ancient', color: 'eb4b4b' },
    });
    expect(new Set(CATALOG.map((entry) => entry.rarity))).toEqual(new Set(CATALOG_RARITIES));
  });

  it('maps to the product values, and the colours agree with the product palette', () => {
    expect(productRarityOf(one('M4A4 | Howl'))).toBe('contraband');
    expect(productRarityOf(one('Sport Gloves | Vice'))).toBe('covert');
    expect(productRarityOf(one('AK-47 | Black Laminate'))).toBe('mil-spec');
    const seen = new Set<string>();
    for (const entry of CATALOG) {
      const rarity = productRarityOf(entry);
      seen.add(rarity);
      expect(`#${steamRarityOf(entry).color}`).toBe(RARITY_COLORS[rarity]);
    }
    expect([...seen].sort()).toEqual(RARITIES.filter((r) => r !== 'unknown').sort());
  });
});

describe('wear ranges', () => {
  it('intersects the exterior range with the finish range', () => {
    const redline = one('AK-47 | Redline'); // 0.10-0.70
    expect(wearFloatRange(redline, 'Minimal Wear')).toEqual([0.1, 0.15]);
    expect(wearFloatRange(redline, 'Battle-Scarred')).toEqual([0.45, 0.7]);
    expect(wearFloatRange(redline, 'Factory New')).toBeNull();
    expect(possibleExteriors(redline)).toEqual(['Minimal Wear', 'Field-Tested', 'Well-Worn', 'Battle-Scarred']);
  });

  it('drops wears the dataset lists but no float can reach', () => {
    // Float range ends at 0.45, exactly where Battle-Scarred begins.
    expect(one('AK-47 | Bloodsport').wears).toContain('Battle-Scarred');
    expect(possibleExteriors(one('AK-47 | Bloodsport'))).not.toContain('Battle-Scarred');
    // Float range starts at 0.15, exactly where Minimal Wear ends.
    expect(possibleExteriors(one('SSG 08 | Slashed'))).not.toContain('Minimal Wear');
  });

  it('leaves at least one reachable exterior for every painted entry', () => {
    for (const entry of CATALOG) {
      if (entry.paintIndex === null) expect(possibleExteriors(entry)).toEqual([]);
      else expect(possibleExteriors(entry).length, entry.name).toBeGreaterThan(0);
    }
    expect(CONDITIONS.every((c) => CATALOG.some((entry) => possibleExteriors(entry).includes(c)))).toBe(true);
  });
});
