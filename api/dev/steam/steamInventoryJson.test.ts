import { describe, expect, it } from 'vitest';
import { CATALOG, catalogEntriesNamed, requireCatalogEntry } from './catalog';
import { createRng, generateInventory, generateItem, type SimItem } from './demoInventory';
import {
  catalogKeyFromIconUrl,
  describeItem,
  renderInventoryPage,
  simIconToken,
  type SteamDescription,
  type SteamInventoryPage,
  inspectPayloadOf,
} from './steamInventoryJson';

const keyOf = (name: string) => catalogEntriesNamed(name)[0]!.key;
const make = (name: string, options: Partial<Parameters<typeof generateItem>[2]> = {}, key = keyOf(name)): SimItem =>
  generateItem(createRng(name), requireCatalogEntry(key), { assetid: '1000', ...options });
const tag = (description: SteamDescription, category: string) => description.tags.find((t) => t.category === category);

describe('describeItem', () => {
  it('describes a StatTrak™ rifle exactly as Steam does', () => {
    const item = make('AK-47 | Redline', { exterior: 'Field-Tested', statTrak: true });
    const description = describeItem(item, 'icon-token');
    expect(description).toEqual({
      appid: 730,
      classid: item.classid,
      instanceid: '0',
      currency: 0,
      background_color: '',
      icon_url: 'icon-token',
      descriptions: [
        { type: 'html', value: 'Exterior: Field-Tested', name: 'exterior_wear' },
        { type: 'html', value: ' ', name: 'blank' },
        {
          type: 'html',
          value: 'This item features StatTrak™ technology, which tracks certain statistics when equipped by its owner.',
          color: '99ccff',
          name: 'attribute',
        },
      ],
      tradable: 1,
      name: 'StatTrak™ AK-47 | Redline',
      name_color: 'CF6A32',
      type: 'StatTrak™ Classified Rifle',
      market_name: 'StatTrak™ AK-47 | Redline (Field-Tested)',
      market_hash_name: 'StatTrak™ AK-47 | Redline (Field-Tested)',
      commodity: 0,
      market_tradable_restriction: 7,
      marketable: 1,
      tags: [
        { category: 'Type', internal_name: 'CSGO_Type_Rifle', localized_category_name: 'Type', localized_tag_name: 'Rifle' },
        { category: 'Weapon', internal_name: 'weapon_ak47', localized_category_name: 'Weapon', localized_tag_name: 'AK-47' },
        { category: 'Quality', internal_name: 'strange', localized_category_name: 'Category', localized_tag_name: 'StatTrak™', color: 'CF6A32' },
        {
          category: 'Rarity',
          internal_name: 'Rarity_Legendary_Weapon',
          localized_category_name: 'Quality',
          localized_tag_name: 'Classified',
          color: 'd32ce6',
        },
        { category: 'Exterior', internal_name: 'WearCategory2', localized_category_name: 'Exterior', localized_tag_name: 'Field-Tested' },
      ],
    });
  });

  it('names a normal item without prefixes', () => {
    const d = describeItem(make('MP9 | Storm', { exterior: 'Battle-Scarred', tradable: false, marketable: false }), 'x');
    expect(d).toMatchObject({ name: 'MP9 | Storm', market_hash_name: 'MP9 | Storm (Battle-Scarred)', type: 'Consumer Grade SMG', name_color: 'D2D2D2', tradable: 0, marketable: 0 });
    expect(tag(d, 'Quality')).toMatchObject({ internal_name: 'normal', localized_tag_name: 'Normal' });
    expect(tag(d, 'Exterior')?.internal_name).toBe('WearCategory4');
  });

  it('describes a ★ StatTrak™ knife', () => {
    const d = describeItem(make('Karambit | Doppler', { exterior: 'Factory New', statTrak: true }), 'x');
    expect(d).toMatchObject({
      name: '★ StatTrak™ Karambit | Doppler',
      market_hash_name: '★ StatTrak™ Karambit | Doppler (Factory New)',
      type: '★ StatTrak™ Covert Knife',
      name_color: '8650AC',
    });
    expect(tag(d, 'Quality')).toMatchObject({ internal_name: 'unusual_strange', localized_tag_name: '★ StatTrak™' });
    expect(tag(d, 'Type')).toMatchObject({ internal_name: 'CSGO_Type_Knife', localized_tag_name: 'Knife' });
    expect(tag(d, 'Weapon')).toMatchObject({ internal_name: 'weapon_knife_karambit', localized_tag_name: 'Karambit' });
    expect(tag(d, 'Rarity')).toMatchObject({ internal_name: 'Rarity_Ancient_Weapon', localized_tag_name: 'Covert', color: 'eb4b4b' });
  });

  it('describes a vanilla knife: no exterior, no wear', () => {
    const d = describeItem(make('Karambit', {}, 'Karambit#vanilla'), 'x');
    expect(d).toMatchObject({ name: '★ Karambit', market_hash_name: '★ Karambit', type: '★ Covert Knife' });
    expect(tag(d, 'Quality')?.internal_name).toBe('unusual');
    expect(tag(d, 'Exterior')).toMatchObject({ internal_name: 'WearCategoryNA', localized_tag_name: 'Not Painted' });
  });

  it('describes gloves as Extraordinary, without a Weapon tag', () => {
    const d = describeItem(make('Sport Gloves | Vice', { exterior: 'Minimal Wear' }), 'x');
    expect(d).toMatchObject({ name: '★ Sport Gloves | Vice', market_hash_name: '★ Sport Gloves | Vice (Minimal Wear)', type: '★ Extraordinary Gloves' });
    expect(tag(d, 'Type')).toMatchObject({ internal_name: 'Type_Hands', localized_tag_name: 'Gloves' });
    expect(tag(d, 'Weapon')).toBeUndefined();
    expect(tag(d, 'Rarity')).toMatchObject({ internal_name: 'Rarity_Ancient', localized_tag_name: 'Extraordinary', color: 'eb4b4b' });
  });

  it('describes a Souvenir', () => {
    const d = describeItem(make('AWP | Dragon Lore', { exterior: 'Well-Worn', souvenir: true }), 'x');
    expect(d).toMatchObject({
      name: 'Souvenir AWP | Dragon Lore',
      market_hash_name: 'Souvenir AWP | Dragon Lore (Well-Worn)',
      type: 'Souvenir Covert Sniper Rifle',
      name_color: 'FFD700',
    });
    expect(tag(d, 'Quality')).toMatchObject({ internal_name: 'tournament', localized_tag_name: 'Souvenir' });
  });

  it('describes Contraband and machine guns', () => {
    expect(describeItem(make('M4A4 | Howl', { exterior: 'Minimal Wear' }), 'x').type).toBe('Contraband Rifle');
    expect(describeItem(make('Negev | Mjölnir'), 'x').type).toBe('Classified Machinegun');
  });
});

describe('renderInventoryPage', () => {
  const items = generateInventory('76561198000000001');

  function pageThrough(count: number) {
    const pages: SteamInventoryPage[] = [];
    let start: string | undefined;
    for (;;) {
      const page = renderInventoryPage(items, { count, startAssetId: start });
      pages.push(page);
      if (!page.more_items) return pages;
      start = page.last_assetid;
    }
  }

  it('pages with more_items / last_assetid until the end', () => {
    const pages = pageThrough(20);
    expect(pages.map((page) => page.assets?.length)).toEqual([20, 20, 8]);
    expect(pages.map((page) => page.more_items)).toEqual([1, 1, undefined]);
    expect(pages[0]!.last_assetid).toBe(pages[0]!.assets![19]!.assetid);
    expect('last_assetid' in pages[2]!).toBe(false);
    expect('more_items' in pages[2]!).toBe(false);
    const assetIds = pages.flatMap((page) => page.assets!.map((asset) => asset.assetid));
    expect(assetIds).toEqual(items.map((item) => item.assetid));
    for (const page of pages) expect(page).toMatchObject({ total_inventory_count: 48, success: 1, rwgrsn: -2 });
  });

  it('keeps Steam key order', () => {
    const [first, , last] = pageThrough(20);
    expect(Object.keys(first!)).toEqual(['assets', 'descriptions', 'asset_properties', 'total_inventory_count', 'more_items', 'last_assetid', 'success', 'rwgrsn']);
    expect(Object.keys(last!)).toEqual(['assets', 'descriptions', 'asset_properties', 'total_inventory_count', 'success', 'rwgrsn']);
  });

  it('gives every asset exactly one description, deduplicated per classid+instanceid', () => {
    const duplicated = [...items, { ...items[0]!, assetid: '1' }, { ...items[1]!, assetid: '2' }];
    const page = renderInventoryPage(duplicated, { count: 100 });
    const keys = page.descriptions!.map((d) => `${d.classid}_${d.instanceid}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(page.descriptions!.length).toBeLessThan(page.assets!.length);
    for (const asset of page.assets!) {
      expect(asset).toEqual({ appid: 730, contextid: '2', assetid: asset.assetid, classid: asset.classid, instanceid: asset.instanceid, amount: '1' });
      expect(keys).toContain(`${asset.classid}_${asset.instanceid}`);
    }
  });

  it('gives wear, pattern and an inspect payload as asset properties, none for vanilla knives', () => {
    const vanilla = make('Karambit', { assetid: '5' }, 'Karambit#vanilla');
    const painted = { ...make('AK-47 | Redline', { exterior: 'Minimal Wear' }), assetid: '6' };
    const page = renderInventoryPage([vanilla, painted], { count: 10 });
    expect(page.asset_properties).toEqual([
      {
        appid: 730,
        contextid: '2',
        assetid: '6',
        asset_properties: [
          { propertyid: 1, int_value: String(painted.paintSeed), name: 'Pattern Template' },
          { propertyid: 2, float_value: String(painted.float), name: 'Wear Rating' },
          { propertyid: 6, string_value: inspectPayloadOf('6'), name: 'Item Certificate' },
        ],
      },
    ]);
    expect(Number(page.asset_properties![0]!.asset_properties[1]!.float_value)).toBe(painted.float);
  });

  it('continues after start_assetid even when that item left the inventory', () => {
    const first = renderInventoryPage(items, { count: 10 });
    const remaining = items.filter((item) => item.assetid !== first.last_assetid);
    const second = renderInventoryPage(remaining, { count: 10, startAssetId: first.last_assetid });
    expect(second.assets![0]!.assetid).toBe(items[10]!.assetid);
  });

  it('answers an empty inventory the way Steam does', () => {
    expect(renderInventoryPage([], { count: 100 })).toEqual({ total_inventory_count: 0, success: 1, rwgrsn: -2 });
  });

  it('uses the given icon urls', () => {
    const page = renderInventoryPage(items.slice(0, 3), { count: 10, iconUrlOf: (item) => `custom/${item.assetid}` });
    for (const description of page.descriptions!) expect(description.icon_url).toMatch(/^custom\/\d+$/);
  });

  it('rejects a malformed start_assetid or count', () => {
    expect(() => renderInventoryPage(items, { count: 10, startAssetId: 'abc' })).toThrow(RangeError);
    expect(() => renderInventoryPage(items, { count: Number.NaN })).toThrow(RangeError);
  });
});

describe('icon tokens', () => {
  it('are URL-safe and reversible for every catalogue entry', () => {
    for (const entry of CATALOG) {
      const token = simIconToken(entry.key);
      expect(token).toMatch(/^sim-[A-Za-z0-9_-]+$/);
      expect(catalogKeyFromIconUrl(token)).toBe(entry.key);
    }
  });

  it('are the default icon_url of rendered descriptions', () => {
    const item = generateInventory('76561198000000002')[0]!;
    const page = renderInventoryPage([item], { count: 1 });
    expect(catalogKeyFromIconUrl(page.descriptions![0]!.icon_url)).toBe(item.catalogKey);
  });

  it('refuse anything else', () => {
    expect(catalogKeyFromIconUrl('')).toBeNull();
    expect(catalogKeyFromIconUrl('sim-')).toBeNull();
    expect(catalogKeyFromIconUrl('sim-!!!')).toBeNull();
    expect(catalogKeyFromIconUrl('-9a81dlWLwJ2UUGcVs_nsVtzdOEdtWwKGZZLQHTxDZ7I56KU0Zwwo4NUX4oFJZEHLbXH5ApeO4YmlhxYQknCRvCo04DEVlxkKgpot621FAR17PLfYQJD_9W7m5a0mvLwOq7c2G9SupUijOjAotyg3w2x_0ZkZ2rzd4OXdgRoYQuE8gDtyL_mg5K4tJ7XiSw0')).toBeNull();
    expect(catalogKeyFromIconUrl(simIconToken('Not | Real#1'))).toBeNull();
  });
});
