import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InventoryFormatError, parseInventoryPage, type ParsedInventoryItem } from './inventoryParser';
import { productRarityOf, requireCatalogEntry, steamTypeOf } from '../dev/steam/catalog';
import { demoAccounts, generateInventory } from '../dev/steam/demoInventory';
import { catalogKeyFromIconUrl, inspectPayloadOf, renderInventoryPage, steamMarketHashName, steamItemName } from '../dev/steam/steamInventoryJson';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const CDN = 'https://community.akamai.steamstatic.com/economy/image/';
const imageUrlOf = (iconUrl: string) => `${CDN}${iconUrl}/360fx360f`;

function parse(json: unknown) {
  const skipped: Array<{ reason: string; assetid?: string }> = [];
  const page = parseInventoryPage(json, { imageUrlOf, onSkip: (reason, assetid) => skipped.push({ reason, assetid }) });
  return { ...page, skipped };
}
const byId = (items: ParsedInventoryItem[], assetid: string) => {
  const item = items.find((i) => i.assetid === assetid);
  if (!item) throw new Error(`no item ${assetid}`);
  return item;
};

/** A minimal valid page with one asset and its description, for targeted cases. */
function single(description: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    assets: [{ appid: 730, contextid: '2', assetid: '77', classid: '10', instanceid: '0', amount: '1' }],
    descriptions: [{ appid: 730, classid: '10', instanceid: '0', icon_url: 'icon', name: 'X', market_hash_name: 'X', tradable: 1, marketable: 1, ...description }],
    total_inventory_count: 1,
    success: 1,
    rwgrsn: -2,
    ...extra,
  };
}
const tagsWith = (...tags: Array<[string, string, string?]>) =>
  tags.map(([category, internal_name, localized_tag_name]) => ({ category, internal_name, localized_category_name: category, localized_tag_name }));

describe('parseInventoryPage: fixtures in Steam’s shape', () => {
  it('reads a page with more_items', () => {
    const page = parse(fixture('inventory-page1.json'));
    expect(page.moreItems).toBe(true);
    expect(page.lastAssetId).toBe('41411256098');
    expect(page.totalCount).toBe(12);
    expect(page.skipped).toEqual([]);
    expect(page.items.map((item) => item.assetid)).toEqual(['41877213645', '41877213512', '41790055821', '41623408877', '41598807410', '41411256098']);
  });

  it('reads an ordinary rifle completely', () => {
    const { items } = parse(fixture('inventory-page1.json'));
    expect(byId(items, '41877213645')).toEqual({
      assetid: '41877213645',
      appid: 730,
      contextid: '2',
      amount: 1,
      name: 'AK-47 | Redline',
      marketHashName: 'AK-47 | Redline (Field-Tested)',
      imageUrl:
        'https://community.akamai.steamstatic.com/economy/image/i0CoZ81Ui0m-9KwlBY1L_18myuGuq1wfhWSaZgMttyVfPaERSR0Wqmu7LAocGIGz3UqlXOLrxM-vMGmW8VNxu5Dx60noTyL6kJ_m-B1Q7uCvZaZkNM-SD1iWwOpzj-1gSCGn20tztm_UyIn_JHKUbgYlWMcmQ-ZcskSwldS0MOnntAfd3YlMzH35jntXrnE8SOGRGG4/360fx360f',
      weaponType: 'Rifle',
      rarity: 'classified',
      condition: 'Field-Tested',
      float: 0.2512345314025879,
      paintSeed: 661,
      inspectLink: null,
      statTrak: false,
      souvenir: false,
      tradable: true,
      marketable: true,
    });
  });

  it('joins two assets to one shared description, each with its own float and pattern', () => {
    const { items } = parse(fixture('inventory-page1.json'));
    const second = byId(items, '41877213512');
    expect(second).toMatchObject({ name: 'AK-47 | Redline', condition: 'Field-Tested', float: 0.3619875907897949, paintSeed: 12 });
  });

  it('reads a ★ StatTrak™ knife', () => {
    const { items } = parse(fixture('inventory-page1.json'));
    expect(byId(items, '41790055821')).toMatchObject({
      name: '★ StatTrak™ Karambit | Doppler',
      marketHashName: '★ StatTrak™ Karambit | Doppler (Factory New)',
      weaponType: 'Knife',
      rarity: 'covert',
      condition: 'Factory New',
      statTrak: true,
      souvenir: false,
      float: Number('0.012357068061828613'),
      paintSeed: 412,
    });
  });

  it('reads Extraordinary gloves as covert', () => {
    const { items } = parse(fixture('inventory-page1.json'));
    expect(byId(items, '41623408877')).toMatchObject({
      name: '★ Sport Gloves | Vice',
      weaponType: 'Gloves',
      rarity: 'covert',
      condition: 'Minimal Wear',
      statTrak: false,
      paintSeed: 0,
    });
  });

  it('reads a Souvenir that cannot be traded yet', () => {
    const { items } = parse(fixture('inventory-page1.json'));
    expect(byId(items, '41598807410')).toMatchObject({
      name: 'Souvenir AWP | Dragon Lore',
      weaponType: 'Sniper Rifle',
      rarity: 'covert',
      condition: 'Battle-Scarred',
      souvenir: true,
      statTrak: false,
      tradable: false,
      marketable: true,
      paintSeed: 1000,
    });
  });

  it('reads a StatTrak™ item that cannot be sold on the market', () => {
    const { items } = parse(fixture('inventory-page1.json'));
    expect(byId(items, '41411256098')).toMatchObject({ statTrak: true, condition: 'Well-Worn', tradable: true, marketable: false });
  });

  it('reads the last page and skips what it cannot join or validate', () => {
    const page = parse(fixture('inventory-page2.json'));
    expect(page.moreItems).toBe(false);
    expect(page.lastAssetId).toBeNull();
    expect(page.totalCount).toBe(12);
    expect(page.items.map((item) => item.assetid)).toEqual(['41208841193', '40988125409', '40817730056', '40511096142']);
    expect(page.skipped).toEqual([
      { reason: expect.stringContaining('no description'), assetid: '41200457730' },
      { reason: expect.stringMatching(/^invalid description .*tradable/), assetid: '40652202311' },
    ]);
  });

  it('parses a description without tags', () => {
    const { items } = parse(fixture('inventory-page2.json'));
    expect(byId(items, '41208841193')).toEqual({
      assetid: '41208841193',
      appid: 730,
      contextid: '2',
      amount: 1,
      name: 'P250 | Sand Dune',
      marketHashName: 'P250 | Sand Dune (Field-Tested)',
      imageUrl: expect.stringContaining(CDN),
      weaponType: 'Other',
      rarity: 'unknown',
      condition: null,
      float: 0.2207463979721069,
      paintSeed: 87,
      inspectLink: null,
      statTrak: false,
      souvenir: false,
      tradable: false,
      marketable: false,
    });
  });

  it('gives null float and pattern to an item without asset_properties', () => {
    const { items } = parse(fixture('inventory-page2.json'));
    expect(byId(items, '40988125409')).toMatchObject({ name: 'Glock-18 | Water Elemental', weaponType: 'Pistol', rarity: 'classified', condition: 'Minimal Wear', float: null, paintSeed: null });
  });

  it('reads a vanilla ★ StatTrak™ knife: Not Painted has no condition', () => {
    const { items } = parse(fixture('inventory-page2.json'));
    expect(byId(items, '40511096142')).toMatchObject({ name: '★ StatTrak™ Butterfly Knife', condition: null, statTrak: true, rarity: 'covert', weaponType: 'Knife', float: null, paintSeed: null });
  });

  it('keeps non-weapon items with an unknown rarity and their Steam type', () => {
    const { items } = parse(fixture('inventory-page2.json'));
    expect(byId(items, '40817730056')).toMatchObject({ name: 'Kilowatt Case', weaponType: 'Container', rarity: 'unknown', condition: null, statTrak: false });
  });

  it('reads an empty inventory', () => {
    expect(parse(fixture('inventory-empty.json'))).toEqual({ items: [], moreItems: false, lastAssetId: null, totalCount: 0, skipped: [] });
  });

  it('never keys tags on localized category names', () => {
    const original = parse(fixture('inventory-page1.json')).items;
    const json = fixture('inventory-page1.json') as { descriptions: Array<{ tags: Array<Record<string, string>> }> };
    const foreign: Record<string, string> = { Type: 'Typ', Weapon: 'Waffe', Quality: 'Kategorie', Rarity: 'Qualität', Exterior: 'Zustand' };
    for (const description of json.descriptions) {
      for (const tag of description.tags) {
        // Steam's own naming is confusing on purpose here: Rarity is localized as 'Quality'.
        tag.localized_category_name = foreign[tag.category ?? ''] ?? 'Sammlung';
      }
      description.tags.reverse();
    }
    expect(parse(json).items).toEqual(original);
  });
});

describe('parseInventoryPage: mapping', () => {
  it.each([
    ['Rarity_Common_Weapon', 'Consumer Grade', 'consumer grade'],
    ['Rarity_Uncommon_Weapon', 'Industrial Grade', 'industrial grade'],
    ['Rarity_Rare_Weapon', 'Mil-Spec Grade', 'mil-spec'],
    ['Rarity_Mythical_Weapon', 'Restricted', 'restricted'],
    ['Rarity_Legendary_Weapon', 'Classified', 'classified'],
    ['Rarity_Ancient_Weapon', 'Covert', 'covert'],
    ['Rarity_Contraband', 'Contraband', 'contraband'],
    ['Rarity_Ancient', 'Extraordinary', 'covert'],
  ])('maps rarity %s (%s) to %s, by internal name or by English name', (internal, english, expected) => {
    expect(parse(single({ tags: tagsWith(['Rarity', internal, english]) })).items[0]!.rarity).toBe(expected);
    expect(parse(single({ tags: tagsWith(['Rarity', internal, 'Localised']) })).items[0]!.rarity).toBe(expected);
    expect(parse(single({ tags: tagsWith(['Rarity', 'Rarity_Future', english]) })).items[0]!.rarity).toBe(expected);
  });

  it('maps unknown rarities to unknown', () => {
    expect(parse(single({ tags: tagsWith(['Rarity', 'Rarity_Rare', 'High Grade']) })).items[0]!.rarity).toBe('unknown');
    expect(parse(single({ tags: tagsWith(['Rarity', 'Rarity_Mythical_Character', 'Exceptional']) })).items[0]!.rarity).toBe('unknown');
  });

  it.each([
    ['WearCategory0', 'Factory New'],
    ['WearCategory1', 'Minimal Wear'],
    ['WearCategory2', 'Field-Tested'],
    ['WearCategory3', 'Well-Worn'],
    ['WearCategory4', 'Battle-Scarred'],
  ])('maps exterior %s to %s', (internal, condition) => {
    expect(parse(single({ tags: tagsWith(['Exterior', internal, 'Zustand']) })).items[0]!.condition).toBe(condition);
    expect(parse(single({ tags: tagsWith(['Exterior', 'WearCategoryX', condition]) })).items[0]!.condition).toBe(condition);
  });

  it.each([
    ['CSGO_Type_Pistol', 'Pistol'],
    ['CSGO_Type_Rifle', 'Rifle'],
    ['CSGO_Type_SniperRifle', 'Sniper Rifle'],
    ['CSGO_Type_SMG', 'SMG'],
    ['CSGO_Type_Shotgun', 'Shotgun'],
    ['CSGO_Type_Machinegun', 'Machinegun'],
    ['CSGO_Type_Knife', 'Knife'],
    ['Type_Hands', 'Gloves'],
  ])('maps type %s to %s whatever the language', (internal, type) => {
    expect(parse(single({ tags: tagsWith(['Type', internal, 'Irgendwas']) })).items[0]!.weaponType).toBe(type);
  });

  it('reads StatTrak™ and Souvenir from the Quality tag, or StatTrak™ from the name', () => {
    const quality = (q: string) => parse(single({ tags: tagsWith(['Quality', q]) })).items[0]!;
    expect(quality('strange')).toMatchObject({ statTrak: true, souvenir: false });
    expect(quality('unusual_strange')).toMatchObject({ statTrak: true, souvenir: false });
    expect(quality('tournament')).toMatchObject({ statTrak: false, souvenir: true });
    expect(quality('unusual')).toMatchObject({ statTrak: false, souvenir: false });
    expect(quality('normal')).toMatchObject({ statTrak: false, souvenir: false });
    expect(parse(single({ name: 'StatTrak™ AK-47 | Redline' })).items[0]!.statTrak).toBe(true);
    expect(parse(single({ name: 'Souvenir AWP | Dragon Lore' })).items[0]!.souvenir).toBe(true);
  });

  it('accepts success: true, numeric ids and boolean flags', () => {
    const json = single({ classid: 10, tradable: true, marketable: false }, { success: true, more_items: true, last_assetid: '77' });
    json.assets[0] = { ...json.assets[0]!, amount: '3' };
    const page = parse(json);
    expect(page.items[0]).toMatchObject({ amount: 3, tradable: true, marketable: false });
    expect(page.moreItems).toBe(true);
    expect(page.lastAssetId).toBe('77');
  });

  it('ignores malformed tags and asset properties without failing the item', () => {
    const page = parse(
      single(
        { tags: [null, 'Rifle', { category: 'Type' }, ...tagsWith(['Type', 'CSGO_Type_Rifle', 'Rifle'])] },
        {
          asset_properties: [
            { appid: 730, contextid: '2', assetid: '77', asset_properties: [null, { propertyid: 2, float_value: 'abc', name: 'Wear Rating' }, { propertyid: 1, int_value: '-5', name: 'Pattern Template' }] },
          ],
        },
      ),
    );
    expect(page.items[0]).toMatchObject({ weaponType: 'Rifle', float: null, paintSeed: null });
  });

  it('reads asset properties by property id when they come without names', () => {
    const page = parse(single({}, { asset_properties: [{ appid: 730, contextid: '2', assetid: '77', asset_properties: [{ propertyid: 2, float_value: '0.5' }, { propertyid: 1, int_value: '7' }] }] }));
    expect(page.items[0]).toMatchObject({ float: 0.5, paintSeed: 7 });
  });

  it("builds the 'Inspect in Game' link from the inspect payload (property 6), and refuses a payload that is not letters and digits", () => {
    const withPayload = (value: string) =>
      parse(single({}, { asset_properties: [{ appid: 730, contextid: '2', assetid: '77', asset_properties: [{ propertyid: 6, string_value: value }] }] })).items[0]!;
    expect(withPayload('S76561198000000001A77D1234567890').inspectLink).toBe('steam://run/730//+csgo_econ_action_preview%20S76561198000000001A77D1234567890');
    expect(withPayload('javascript:alert(1)').inspectLink).toBeNull();
    expect(parse(single({})).items[0]!.inspectLink).toBeNull();
  });

  it('gives an empty image URL to a description without icon_url', () => {
    expect(parse(single({ icon_url: undefined })).items[0]!.imageUrl).toBe('');
  });
});

describe('parseInventoryPage: bad input', () => {
  it.each([
    ['null (a private inventory’s body)', null],
    ['a string', '<html>Error</html>'],
    ['an array', []],
    ['success false', { success: false }],
    ['success 2', { success: 2, assets: [] }],
    ['assets not an array', { success: 1, assets: {} }],
    ['descriptions not an array', { success: 1, assets: [], descriptions: 'x' }],
    ['a negative total', { success: 1, total_inventory_count: -1 }],
  ])('throws InventoryFormatError for %s', (_label, json) => {
    expect(() => parseInventoryPage(json, { imageUrlOf })).toThrow(InventoryFormatError);
  });

  it('says when Steam answered without success', () => {
    try {
      parseInventoryPage({ success: false, Error: 'Failure' }, { imageUrlOf });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InventoryFormatError);
      expect((error as InventoryFormatError).message).toMatch(/without success/);
      expect((error as InventoryFormatError).issues.length).toBeGreaterThan(0);
    }
  });

  it('skips bad assets one by one and never throws for them', () => {
    const json = single({});
    const assets: unknown[] = [
      null,
      7,
      { appid: 730, contextid: '2', assetid: '78', classid: '10', instanceid: '0', amount: 'lots' },
      { appid: 730, contextid: '2', assetid: '79', instanceid: '0', amount: '1' },
      { appid: 440, contextid: '2', assetid: '80', classid: '10', instanceid: '0', amount: '1' },
      json.assets[0],
      json.assets[0],
    ];
    const page = parse({ ...json, assets });
    expect(page.items.map((item) => item.assetid)).toEqual(['77']);
    expect(page.skipped.map((s) => s.assetid)).toEqual([undefined, undefined, '78', '79', '80', '77']);
    expect(page.skipped.at(-1)!.reason).toBe('duplicate asset');
  });

  it('skips assets whose description has wrong types, keeps the others', () => {
    const json = single({}, {});
    json.assets.push({ appid: 730, contextid: '2', assetid: '90', classid: '11', instanceid: '0', amount: '1' });
    json.descriptions.push({ appid: 730, classid: '11', instanceid: '0', icon_url: 'i', name: 42 as unknown as string, market_hash_name: 'Y', tradable: 1, marketable: 1 });
    const page = parse(json);
    expect(page.items.map((item) => item.assetid)).toEqual(['77']);
    expect(page.skipped).toEqual([{ reason: expect.stringMatching(/^invalid description .*name/), assetid: '90' }]);
  });

  it('prefers a valid description when a key appears twice', () => {
    const json = single({});
    json.descriptions.unshift({ ...json.descriptions[0]!, tradable: 'no' as unknown as number });
    expect(parse(json).items).toHaveLength(1);
  });
});

describe('round trip: simulated Steam → production parser', () => {
  it.each([...demoAccounts.map((a) => a.steamId), '76561198765432109'])('reads back every item of %s, paging by 20', (steamId) => {
    const generated = generateInventory(steamId);
    const parsed: ParsedInventoryItem[] = [];
    let start: string | undefined;
    let pages = 0;
    for (;;) {
      const json: unknown = JSON.parse(JSON.stringify(renderInventoryPage(generated, { count: 20, startAssetId: start })));
      const page = parseInventoryPage(json, { imageUrlOf: (icon) => `/dev/steam/economy/image/${icon}`, onSkip: (reason) => expect.fail(reason) });
      parsed.push(...page.items);
      pages++;
      expect(page.totalCount).toBe(generated.length);
      if (!page.moreItems) {
        expect(page.lastAssetId).toBeNull();
        break;
      }
      start = page.lastAssetId!;
    }
    expect(pages).toBe(3);
    expect(parsed).toHaveLength(generated.length);
    parsed.forEach((item, index) => {
      const source = generated[index]!;
      const entry = requireCatalogEntry(source.catalogKey);
      expect(item).toEqual({
        assetid: source.assetid,
        appid: 730,
        contextid: '2',
        amount: 1,
        name: steamItemName(entry, source),
        marketHashName: steamMarketHashName(entry, source),
        imageUrl: expect.stringMatching(/^\/dev\/steam\/economy\/image\/sim-/),
        weaponType: steamTypeOf(entry),
        rarity: productRarityOf(entry),
        condition: source.exterior,
        float: source.float,
        paintSeed: source.paintSeed,
        inspectLink: source.float === null ? null : `steam://run/730//+csgo_econ_action_preview%20${inspectPayloadOf(source.assetid)}`,
        statTrak: source.statTrak,
        souvenir: source.souvenir,
        tradable: source.tradable,
        marketable: source.marketable,
      });
      expect(catalogKeyFromIconUrl(item.imageUrl.split('/').at(-1)!)).toBe(source.catalogKey);
    });
  });
});
