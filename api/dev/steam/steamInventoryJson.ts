/**
 * Steam community inventory JSON for the simulated Steam: what
 * `GET /inventory/{steamid}/730/2?l=english&count=N&start_assetid=X` answers, field for field
 * (assets, descriptions deduplicated per classid+instanceid, asset_properties with wear and pattern,
 * more_items / last_assetid paging). The production parser (../inventoryParser.ts) reads it exactly as
 * it reads Steam's.
 *
 * Private inventories: Steam answers HTTP 403 (body `null`) instead of JSON; that is the HTTP
 * gateway's business, not this renderer's or the parser's.
 */
import { hash } from 'node:crypto';
import { CONDITIONS, STEAM_APP_ID, STEAM_CONTEXT_ID, type Condition } from '../../../shared/constants';
import {
  catalogEntry,
  requireCatalogEntry,
  steamRarityOf,
  steamTypeTagOf,
  steamWeaponTagOf,
  type CatalogEntry,
} from './catalog';
import { type SimItem } from './demoInventory';

export interface SteamAsset {
  appid: number;
  contextid: string;
  assetid: string;
  classid: string;
  instanceid: string;
  amount: string;
}

export interface SteamTagJson {
  category: string;
  internal_name: string;
  localized_category_name: string;
  localized_tag_name: string;
  color?: string;
}

export interface SteamDescriptionLine {
  type: string;
  value: string;
  name?: string;
  color?: string;
}

export interface SteamDescription {
  appid: number;
  classid: string;
  instanceid: string;
  currency: number;
  background_color: string;
  icon_url: string;
  descriptions: SteamDescriptionLine[];
  tradable: 0 | 1;
  name: string;
  name_color: string;
  type: string;
  market_name: string;
  market_hash_name: string;
  commodity: 0 | 1;
  market_tradable_restriction: number;
  marketable: 0 | 1;
  tags: SteamTagJson[];
}

export interface SteamAssetProperty {
  propertyid: number;
  name: string;
  int_value?: string;
  float_value?: string;
  string_value?: string;
}

export interface SteamAssetProperties {
  appid: number;
  contextid: string;
  assetid: string;
  asset_properties: SteamAssetProperty[];
}

/** Steam's inventory answer. An empty page has no assets, descriptions or asset_properties keys. */
export interface SteamInventoryPage {
  assets?: SteamAsset[];
  descriptions?: SteamDescription[];
  asset_properties?: SteamAssetProperties[];
  /** How many items the context holds; the simulated Steam gives it with the first page only. */
  total_inventory_count?: number;
  more_items?: 1;
  last_assetid?: string;
  success: 1;
  rwgrsn: number;
}

export interface RenderInventoryOptions {
  /** Page size (Steam's `count`, at most 2000 there). */
  count: number;
  /** Steam's `start_assetid`: the page holds the items listed after this one. */
  startAssetId?: string;
  /** The description's icon_url; default: simIconToken of the item's catalogue entry. */
  iconUrlOf?: (item: SimItem) => string;
  /** The inventory context: 2 (default) or 16, where trade-protected items sit (not tradable). */
  contextId?: string;
  /** total_inventory_count: default the number of `items`; null leaves it out. */
  total?: number | null;
}

// ---------------------------------------------------------------------------------------------
// Icon tokens

const ICON_PREFIX = 'sim-';

/** A URL-safe icon_url identifying a catalogue entry: 'sim-' + base64url of its key. */
export function simIconToken(catalogKey: string): string {
  return ICON_PREFIX + Buffer.from(catalogKey, 'utf8').toString('base64url');
}

/** The catalogue key behind an icon token made by simIconToken; null for anything else. */
export function catalogKeyFromIconUrl(token: string): string | null {
  if (!token.startsWith(ICON_PREFIX)) return null;
  const encoded = token.slice(ICON_PREFIX.length);
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  const key = Buffer.from(encoded, 'base64url').toString('utf8');
  return catalogEntry(key) && simIconToken(key) === token ? key : null;
}

// ---------------------------------------------------------------------------------------------
// Descriptions

/** Quality tag and name colour per quality, as Steam gives them. */
const QUALITIES = {
  normal: { tag: 'Normal', color: 'D2D2D2' },
  strange: { tag: 'StatTrak™', color: 'CF6A32' },
  tournament: { tag: 'Souvenir', color: 'FFD700' },
  unusual: { tag: '★', color: '8650AC' },
  unusual_strange: { tag: '★ StatTrak™', color: '8650AC' },
} as const;
type Quality = keyof typeof QUALITIES;

function qualityOf(entry: CatalogEntry, item: SimItem): Quality {
  const star = entry.category === 'Knives' || entry.category === 'Gloves';
  if (star) return item.statTrak ? 'unusual_strange' : 'unusual';
  if (item.souvenir) return 'tournament';
  return item.statTrak ? 'strange' : 'normal';
}

/** Display name without exterior: 'StatTrak™ AK-47 | Redline', '★ StatTrak™ Karambit | Doppler', 'Souvenir AWP | Dragon Lore'. */
export function steamItemName(entry: CatalogEntry, item: Pick<SimItem, 'statTrak' | 'souvenir'>): string {
  const star = entry.category === 'Knives' || entry.category === 'Gloves';
  return `${star ? '★ ' : ''}${item.statTrak ? 'StatTrak™ ' : ''}${item.souvenir ? 'Souvenir ' : ''}${entry.name}`;
}

/** The market hash name: the display name plus ' (Exterior)' when the item has one. */
export function steamMarketHashName(entry: CatalogEntry, item: Pick<SimItem, 'statTrak' | 'souvenir' | 'exterior'>): string {
  const name = steamItemName(entry, item);
  return item.exterior ? `${name} (${item.exterior})` : name;
}

function exteriorTag(exterior: Condition | null): SteamTagJson {
  return {
    category: 'Exterior',
    internal_name: exterior ? `WearCategory${CONDITIONS.indexOf(exterior)}` : 'WearCategoryNA',
    localized_category_name: 'Exterior',
    localized_tag_name: exterior ?? 'Not Painted',
  };
}

/** The description Steam gives for the item's classid+instanceid. */
export function describeItem(item: SimItem, iconUrl: string): SteamDescription {
  const entry = requireCatalogEntry(item.catalogKey);
  const quality = qualityOf(entry, item);
  const rarity = steamRarityOf(entry);
  const type = steamTypeTagOf(entry);
  const weapon = steamWeaponTagOf(entry);
  const name = steamItemName(entry, item);
  const marketHashName = steamMarketHashName(entry, item);
  const typePrefix = quality === 'normal' ? '' : `${QUALITIES[quality].tag} `;

  const lines: SteamDescriptionLine[] = [];
  lines.push({ type: 'html', value: `Exterior: ${item.exterior ?? 'Not Painted'}`, name: 'exterior_wear' });
  lines.push({ type: 'html', value: ' ', name: 'blank' });
  if (item.statTrak) {
    lines.push({
      type: 'html',
      value: 'This item features StatTrak™ technology, which tracks certain statistics when equipped by its owner.',
      color: '99ccff',
      name: 'attribute',
    });
  }

  const tags: SteamTagJson[] = [
    { category: 'Type', internal_name: type.internalName, localized_category_name: 'Type', localized_tag_name: type.localizedName },
  ];
  if (weapon) {
    tags.push({ category: 'Weapon', internal_name: weapon.internalName, localized_category_name: 'Weapon', localized_tag_name: weapon.localizedName });
  }
  tags.push(
    {
      category: 'Quality',
      internal_name: quality,
      localized_category_name: 'Category',
      localized_tag_name: QUALITIES[quality].tag,
      color: QUALITIES[quality].color,
    },
    {
      category: 'Rarity',
      internal_name: rarity.internalName,
      localized_category_name: 'Quality',
      localized_tag_name: rarity.localizedName,
      color: rarity.color,
    },
    exteriorTag(item.exterior),
  );

  return {
    appid: STEAM_APP_ID,
    classid: item.classid,
    instanceid: item.instanceid,
    currency: 0,
    background_color: '',
    icon_url: iconUrl,
    descriptions: lines,
    tradable: item.tradable ? 1 : 0,
    name,
    name_color: QUALITIES[quality].color,
    // '★ Extraordinary Gloves' is Steam's own wording for gloves (the rarity is named once).
    type: `${typePrefix}${rarity.localizedName} ${type.localizedName}`,
    market_name: marketHashName,
    market_hash_name: marketHashName,
    commodity: 0,
    market_tradable_restriction: 7,
    marketable: item.marketable ? 1 : 0,
    tags,
  };
}

/** A stable stand-in for Steam's inspect payload of an asset. */
export function inspectPayloadOf(assetid: string): string {
  // The one-shot hash: the demo seed computes this for each of up to a million items.
  return hash('sha256', `inspect:${assetid}`, 'hex').toUpperCase();
}

function assetPropertiesOf(item: SimItem, contextId: string): SteamAssetProperties | null {
  const properties: SteamAssetProperty[] = [];
  if (item.paintSeed !== null) properties.push({ propertyid: 1, int_value: String(item.paintSeed), name: 'Pattern Template' });
  if (item.float !== null) properties.push({ propertyid: 2, float_value: String(item.float), name: 'Wear Rating' });
  // The inspect payload: a stand-in shaped like Steam's (letters and digits), stable per asset.
  if (item.float !== null) properties.push({ propertyid: 6, string_value: inspectPayloadOf(item.assetid), name: 'Item Certificate' });
  if (properties.length === 0) return null;
  return { appid: STEAM_APP_ID, contextid: contextId, assetid: item.assetid, asset_properties: properties };
}

// ---------------------------------------------------------------------------------------------
// Pages

const compareNewestFirst = (a: SimItem, b: SimItem) => {
  const x = BigInt(a.assetid);
  const y = BigInt(b.assetid);
  return x > y ? -1 : x < y ? 1 : 0;
};

/**
 * One page of the inventory, newest first (asset ids descending, as Steam orders it). With
 * startAssetId the page begins after that asset id, so paging survives items leaving the inventory
 * between two requests. Throws RangeError for a count that is not a number or a start_assetid that
 * is not a decimal id (the gateway answers those with 400, as Steam does).
 */
export function renderInventoryPage(items: readonly SimItem[], options: RenderInventoryOptions): SteamInventoryPage {
  if (!Number.isFinite(options.count)) throw new RangeError('count must be a number');
  if (options.startAssetId !== undefined && !/^\d{1,20}$/.test(options.startAssetId)) {
    throw new RangeError('start_assetid must be a decimal asset id');
  }
  const count = Math.max(1, Math.floor(options.count));
  const iconUrlOf = options.iconUrlOf ?? ((item: SimItem) => simIconToken(item.catalogKey));
  const contextId = options.contextId ?? STEAM_CONTEXT_ID;
  // Trade-protected items cannot be traded until their protection ends.
  const protectedContext = contextId !== STEAM_CONTEXT_ID;
  const sorted = [...items].map((item) => (protectedContext ? { ...item, tradable: false } : item)).sort(compareNewestFirst);
  const start = options.startAssetId !== undefined ? BigInt(options.startAssetId) : null;
  const remaining = start === null ? sorted : sorted.filter((item) => BigInt(item.assetid) < start);
  const page = remaining.slice(0, count);
  const more = remaining.length > page.length;

  // Keys in Steam's order: assets, descriptions, asset_properties, total_inventory_count, more_items,
  // last_assetid, success, rwgrsn. An empty page has no assets, descriptions or asset_properties.
  const answer: Partial<SteamInventoryPage> = {};
  if (page.length > 0) {
    const descriptions = new Map<string, SteamDescription>();
    for (const item of page) {
      const key = `${item.classid}_${item.instanceid}`;
      if (!descriptions.has(key)) descriptions.set(key, describeItem(item, iconUrlOf(item)));
    }
    answer.assets = page.map((item) => ({
      appid: STEAM_APP_ID,
      contextid: contextId,
      assetid: item.assetid,
      classid: item.classid,
      instanceid: item.instanceid,
      amount: '1',
    }));
    answer.descriptions = [...descriptions.values()];
    answer.asset_properties = page.flatMap((item) => assetPropertiesOf(item, contextId) ?? []);
  }
  const total = options.total === undefined ? items.length : options.total;
  if (total !== null) answer.total_inventory_count = total;
  if (more) {
    answer.more_items = 1;
    answer.last_assetid = page[page.length - 1]!.assetid;
  }
  answer.success = 1;
  answer.rwgrsn = -2;
  return answer as SteamInventoryPage;
}
