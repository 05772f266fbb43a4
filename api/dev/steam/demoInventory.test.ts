import { describe, expect, it } from 'vitest';
import { CONDITION_FLOAT_RANGES, CONDITIONS, RARITIES, WEAPON_TYPES } from '../../../shared/constants';
import { STEAMID64_BASE } from '../../../shared/steam';
import { catalogEntriesNamed, productRarityOf, requireCatalogEntry, steamTypeOf, wearFloatRange } from './catalog';
import {
  classIdOf,
  createRng,
  demoAccounts,
  generatedAssetId,
  generatedPersonaName,
  generateInventory,
  generateItem,
  hash53,
  instanceIdOf,
  MIN_COVERAGE_COUNT,
  personaNameOf,
  SOUVENIR_SKINS,
  type SimItem,
} from './demoInventory';

const DEMO_IDS = demoAccounts.map((account) => account.steamId);
/** Other valid steamid64s, as load tests would sign in with. */
const OTHER_IDS = Array.from({ length: 40 }, (_, i) => (76561198000000100n + BigInt(i) * 7919n).toString());
const entryOf = (item: SimItem) => requireCatalogEntry(item.catalogKey);
const PRODUCT_RARITIES = RARITIES.filter((rarity) => rarity !== 'unknown');

function checkCoverage(items: SimItem[]) {
  expect(new Set(items.map((item) => productRarityOf(entryOf(item))))).toEqual(new Set(PRODUCT_RARITIES));
  expect(new Set(items.map((item) => item.exterior).filter((e) => e !== null))).toEqual(new Set(CONDITIONS));
  expect(new Set(items.map((item) => steamTypeOf(entryOf(item))))).toEqual(new Set(WEAPON_TYPES));
  expect(items.filter((item) => item.statTrak).length).toBeGreaterThanOrEqual(3);
  const souvenirs = items.filter((item) => item.souvenir).length;
  expect(souvenirs).toBeGreaterThanOrEqual(2);
  expect(souvenirs).toBeLessThanOrEqual(3);
  const restricted = items.filter((item) => !item.tradable || !item.marketable).length;
  expect(restricted).toBeGreaterThanOrEqual(3);
  expect(restricted).toBeLessThanOrEqual(5);
}

function checkItem(item: SimItem) {
  const entry = entryOf(item);
  // Qualities only where they exist.
  if (item.statTrak) expect(entry.stattrak, entry.name).toBe(true);
  if (item.souvenir) {
    expect(SOUVENIR_SKINS).toContain(entry.name);
    expect(item.statTrak).toBe(false);
  }
  if (entry.category === 'Gloves') expect(item.statTrak).toBe(false);
  // Wear: vanilla knives have none; others within the exterior's and the finish's range, as float32.
  if (entry.paintIndex === null) {
    expect(item).toMatchObject({ exterior: null, float: null, paintSeed: null });
  } else {
    expect(item.exterior).not.toBeNull();
    expect(entry.wears).toContain(item.exterior);
    const float = item.float!;
    const [low, high] = CONDITION_FLOAT_RANGES[item.exterior!];
    expect(float).toBeGreaterThanOrEqual(Math.max(low, entry.minFloat!));
    expect(float).toBeLessThan(Math.min(high, entry.maxFloat!));
    expect(Math.fround(float)).toBe(float);
    expect(Number.isInteger(item.paintSeed)).toBe(true);
    expect(item.paintSeed).toBeGreaterThanOrEqual(0);
    expect(item.paintSeed).toBeLessThanOrEqual(1000);
  }
  // Identifiers.
  expect(item.assetid).toMatch(/^[1-9]\d{0,18}$/);
  expect(item.classid).toBe(classIdOf(item.catalogKey, item.exterior, item.statTrak, item.souvenir));
  expect(item.instanceid).toBe(instanceIdOf(item.tradable, item.marketable));
}

describe('demo accounts', () => {
  it('are Demo Seller, Demo Buyer and Demo Decliner', () => {
    expect(demoAccounts).toEqual([
      { steamId: '76561198000000001', personaName: 'Demo Seller' },
      { steamId: '76561198000000002', personaName: 'Demo Buyer' },
      { steamId: '76561198000000003', personaName: 'Demo Decliner' },
    ]);
    expect(personaNameOf('76561198000000002')).toBe('Demo Buyer');
  });

  it('gives other accounts a deterministic generated name', () => {
    const name = generatedPersonaName('76561198123456789');
    expect(name).toMatch(/^Trader \d{4}$/);
    expect(generatedPersonaName('76561198123456789')).toBe(name);
    expect(personaNameOf('76561198123456789')).toBe(name);
    const names = new Set(OTHER_IDS.map(generatedPersonaName));
    expect(names.size).toBeGreaterThan(30);
  });
});

describe('generateInventory', () => {
  it.each(DEMO_IDS)('gives demo account %s at least 40 items covering every rarity, condition and type', (steamId) => {
    const items = generateInventory(steamId);
    expect(items.length).toBeGreaterThanOrEqual(40);
    checkCoverage(items);
    items.forEach(checkItem);
    // The Contraband tier is its single finish.
    expect(items.some((item) => entryOf(item).name === 'M4A4 | Howl')).toBe(true);
  });

  it('covers everything for any valid steamid64 too', () => {
    for (const steamId of OTHER_IDS) {
      const items = generateInventory(steamId);
      expect(items).toHaveLength(48);
      checkCoverage(items);
      items.forEach(checkItem);
    }
  });

  it('keeps the coverage guarantees down to MIN_COVERAGE_COUNT items and for larger inventories', () => {
    for (const steamId of OTHER_IDS.slice(0, 10)) {
      const small = generateInventory(steamId, MIN_COVERAGE_COUNT);
      expect(small).toHaveLength(MIN_COVERAGE_COUNT);
      checkCoverage(small);
      const large = generateInventory(steamId, 300);
      expect(large).toHaveLength(300);
      large.forEach(checkItem);
      expect(new Set(large.map((item) => item.assetid)).size).toBe(300);
    }
    expect(generateInventory(DEMO_IDS[0]!, 0)).toEqual([]);
  });

  it('includes StatTrak™ knives over many accounts (knives exist as StatTrak™)', () => {
    const items = OTHER_IDS.flatMap((steamId) => generateInventory(steamId));
    expect(items.some((item) => item.statTrak && entryOf(item).category === 'Knives')).toBe(true);
    expect(items.some((item) => entryOf(item).paintIndex === null)).toBe(true);
  });

  it('is deterministic per steamid', () => {
    for (const steamId of [...DEMO_IDS, OTHER_IDS[0]!]) {
      expect(generateInventory(steamId)).toEqual(generateInventory(steamId));
    }
  });

  it('gives different accounts different items and disjoint asset ids', () => {
    const inventories = [...DEMO_IDS, ...OTHER_IDS].map((steamId) => generateInventory(steamId));
    const assetIds = inventories.flatMap((items) => items.map((item) => item.assetid));
    expect(new Set(assetIds).size).toBe(assetIds.length);
    const signatures = new Set(inventories.map((items) => items.map((item) => item.catalogKey).join(',')));
    expect(signatures.size).toBe(inventories.length);
  });

  it('lists newest first: asset ids descending, derived from the account id', () => {
    const items = generateInventory(DEMO_IDS[0]!);
    const ids = items.map((item) => BigInt(item.assetid));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    const accountId = BigInt(DEMO_IDS[0]!) - STEAMID64_BASE;
    expect(items.at(-1)!.assetid).toBe((accountId * 1_000_000n + 1n).toString());
    expect(items[0]!.assetid).toBe(generatedAssetId(DEMO_IDS[0]!, 48));
  });

  it('fits asset ids of the largest steamid64 in 19 digits', () => {
    const id = generatedAssetId('76569999999999999', 5000);
    expect(id).toMatch(/^\d{1,19}$/);
    expect(BigInt(id) < 2n ** 63n).toBe(true);
  });

  it('shares a classid exactly between identical descriptions', () => {
    const items = [...DEMO_IDS, ...OTHER_IDS].flatMap((steamId) => generateInventory(steamId));
    const byClass = new Map<string, string>();
    const bySignature = new Map<string, string>();
    for (const item of items) {
      const signature = `${item.catalogKey}|${item.exterior}|${item.statTrak}|${item.souvenir}`;
      expect(byClass.get(item.classid) ?? signature).toBe(signature);
      expect(bySignature.get(signature) ?? item.classid).toBe(item.classid);
      byClass.set(item.classid, signature);
      bySignature.set(signature, item.classid);
    }
    expect(new Set([instanceIdOf(true, true), instanceIdOf(false, false), instanceIdOf(false, true), instanceIdOf(true, false)]).size).toBe(4);
    expect(instanceIdOf(true, true)).toBe('0');
  });

  it('rejects what is not a steamid64', () => {
    expect(() => generateInventory('12345')).toThrow(RangeError);
    expect(() => generateInventory('76561197960265728')).toThrow(RangeError);
    expect(() => generateInventory(DEMO_IDS[0]!, -1)).toThrow(RangeError);
    expect(() => generateInventory(DEMO_IDS[0]!, 1.5)).toThrow(RangeError);
  });
});

describe('souvenir list', () => {
  it('names real finishes of guns that exist as Souvenirs', () => {
    for (const name of SOUVENIR_SKINS) {
      const entries = catalogEntriesNamed(name);
      expect(entries, name).toHaveLength(1);
      expect(['Pistols', 'Rifles', 'SMGs', 'Heavy']).toContain(entries[0]!.category);
    }
  });
});

describe('generateItem', () => {
  const redline = catalogEntriesNamed('AK-47 | Redline')[0]!;

  it('honours the requested attributes', () => {
    const item = generateItem(createRng(1), redline, {
      assetid: '42',
      exterior: 'Field-Tested',
      statTrak: true,
      tradable: false,
    });
    expect(item).toMatchObject({ assetid: '42', exterior: 'Field-Tested', statTrak: true, souvenir: false, tradable: false, marketable: true });
    const [low, high] = wearFloatRange(redline, 'Field-Tested')!;
    expect(item.float).toBeGreaterThanOrEqual(low);
    expect(item.float).toBeLessThan(high);
  });

  it('refuses impossible items', () => {
    const howl = catalogEntriesNamed('M4A4 | Howl')[0]!;
    expect(() => generateItem(createRng(1), howl, { assetid: '1', statTrak: true })).toThrow(/StatTrak/);
    expect(() => generateItem(createRng(1), redline, { assetid: '1', exterior: 'Factory New' })).toThrow(/cannot be/);
    expect(() => generateItem(createRng(1), redline, { assetid: '1', statTrak: true, souvenir: true })).toThrow();
    const karambit = requireCatalogEntry('Karambit#vanilla');
    expect(() => generateItem(createRng(1), karambit, { assetid: '1', exterior: 'Factory New' })).toThrow(/no exterior/);
  });

  it('keeps floats inside narrow ranges', () => {
    // Factory New of a finish starting at 0.06 leaves [0.06, 0.07).
    const sandDune = catalogEntriesNamed('P250 | Sand Dune')[0]!;
    const rng = createRng('narrow');
    for (let i = 0; i < 500; i++) {
      const item = generateItem(rng, sandDune, { assetid: String(i + 1), exterior: 'Factory New' });
      expect(item.float).toBeGreaterThanOrEqual(0.06);
      expect(item.float).toBeLessThan(0.07);
    }
  });
});

describe('seeded randomness', () => {
  it('repeats per seed and spreads values', () => {
    const a = createRng('seed');
    const b = createRng('seed');
    const values = Array.from({ length: 1000 }, () => a.next());
    expect(Array.from({ length: 1000 }, () => b.next())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
    expect(hash53('a')).not.toBe(hash53('b'));
    expect(createRng(7).shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
