/**
 * Parser for Steam's community inventory JSON (`/inventory/{steamid64}/730/2?l=english&count=…`,
 * paged with `start_assetid` / `more_items` / `last_assetid`). Live Steam and the simulated Steam
 * both go through it (docs/adr/0016-inventory-cache-and-steam-backoff.md).
 *
 * - The envelope is validated strictly: anything but `success: 1` (or true) with well-formed arrays
 *   throws InventoryFormatError.
 * - Items are validated one by one: an asset without a matching description, or whose description
 *   (or the asset itself) has wrong types, is skipped and reported through `onSkip`; one bad item
 *   never fails the page.
 * - Tags are keyed on their `category` (Type, Weapon, Quality, Rarity, Exterior), never on the
 *   localized category names; values are read from internal names first, localized names second.
 *
 * A private inventory is not JSON at all: Steam answers HTTP 403, which the HTTP gateway handles.
 */
import { z } from 'zod';
import { CONDITIONS, STEAM_APP_ID, type Condition, type Rarity } from '../../shared/constants';
import { type InventoryItem } from '../../shared/schemas/inventory';

export type ParsedInventoryItem = Omit<InventoryItem, 'listed'>;

export interface ParsedInventoryPage {
  items: ParsedInventoryItem[];
  /** Steam says more items follow; ask again with start_assetid = lastAssetId. */
  moreItems: boolean;
  lastAssetId: string | null;
  /** total_inventory_count, when Steam gives it. */
  totalCount: number | null;
}

export interface ParseInventoryOptions {
  /** The image URL of a description's icon_url (e.g. the economy image CDN, or the simulation's). */
  imageUrlOf: (iconUrl: string) => string;
  /** Called for each asset left out of the result, with the reason. */
  onSkip?: (reason: string, assetid?: string) => void;
}

/**
 * Private inventory: Steam answers this HTTP status (with a `null` body) instead of a page. The HTTP
 * gateway turns it into an empty, `private: true` inventory; it never reaches this parser.
 */
export const STEAM_PRIVATE_INVENTORY_STATUS = 403;

/** The answer is not a successful Steam inventory page (bad envelope, `success` not 1, not JSON). */
export class InventoryFormatError extends Error {
  constructor(
    message: string,
    readonly issues: readonly string[] = [],
  ) {
    super(message);
    this.name = 'InventoryFormatError';
  }
}

/** Weapon types when the Type tag's value is not localized (or localized in another language). */
const TYPE_BY_INTERNAL_NAME: Readonly<Record<string, string>> = {
  CSGO_Type_Pistol: 'Pistol',
  CSGO_Type_Rifle: 'Rifle',
  CSGO_Type_SniperRifle: 'Sniper Rifle',
  CSGO_Type_SMG: 'SMG',
  CSGO_Type_Shotgun: 'Shotgun',
  CSGO_Type_Machinegun: 'Machinegun',
  CSGO_Type_Knife: 'Knife',
  Type_Hands: 'Gloves',
};
/** weaponType of items without a Type tag. */
export const FALLBACK_WEAPON_TYPE = 'Other';

/** Rarity by the Rarity tag's internal name (language independent). */
const RARITY_BY_INTERNAL_NAME: Readonly<Record<string, Rarity>> = {
  Rarity_Common_Weapon: 'consumer grade',
  Rarity_Uncommon_Weapon: 'industrial grade',
  Rarity_Rare_Weapon: 'mil-spec',
  Rarity_Mythical_Weapon: 'restricted',
  Rarity_Legendary_Weapon: 'classified',
  Rarity_Ancient_Weapon: 'covert',
  Rarity_Contraband: 'contraband',
  // 'Extraordinary', the gloves' tier: Steam's same tier as Covert.
  Rarity_Ancient: 'covert',
};
/** Rarity by the Rarity tag's English name, when the internal name is unknown. */
const RARITY_BY_ENGLISH_NAME: Readonly<Record<string, Rarity>> = {
  'Consumer Grade': 'consumer grade',
  'Industrial Grade': 'industrial grade',
  'Mil-Spec Grade': 'mil-spec',
  'Mil-Spec': 'mil-spec',
  Restricted: 'restricted',
  Classified: 'classified',
  Covert: 'covert',
  Contraband: 'contraband',
  Extraordinary: 'covert',
};

// ---------------------------------------------------------------------------------------------
// Schemas

/** Steam sends ids as decimal strings; accept safe integers too. */
const idSchema = z.union([z.string().regex(/^\d{1,20}$/), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)]).transform(String);
/** Steam's 0/1 flags (booleans accepted). */
const flagSchema = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((value) => value === 1 || value === true);

const envelopeSchema = z.object({
  success: z.union([z.literal(1), z.literal(true)]),
  assets: z.array(z.unknown()).optional(),
  descriptions: z.array(z.unknown()).optional(),
  asset_properties: z.array(z.unknown()).optional(),
  total_inventory_count: z.number().int().nonnegative().optional(),
  more_items: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
  last_assetid: idSchema.optional(),
});

const assetSchema = z.object({
  appid: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  contextid: idSchema,
  assetid: idSchema,
  classid: idSchema,
  instanceid: idSchema.default('0'),
  amount: z.union([z.string().regex(/^\d+$/).transform(Number), z.number().int()]).pipe(z.number().int().positive()),
});

const tagSchema = z.object({
  category: z.string(),
  internal_name: z.string(),
  localized_tag_name: z.string().optional(),
  localized_category_name: z.string().optional(),
  color: z.string().optional(),
});
type Tag = z.infer<typeof tagSchema>;

const descriptionSchema = z.object({
  classid: idSchema,
  instanceid: idSchema.default('0'),
  icon_url: z.string().optional(),
  name: z.string().min(1),
  market_hash_name: z.string().min(1).optional(),
  market_name: z.string().min(1).optional(),
  tradable: flagSchema,
  marketable: flagSchema,
  tags: z.array(z.unknown()).optional(),
});
type Description = z.infer<typeof descriptionSchema>;

const assetPropertiesSchema = z.object({
  assetid: idSchema,
  asset_properties: z.array(z.unknown()),
});
const propertySchema = z.object({
  propertyid: z.number().int().optional(),
  name: z.string().optional(),
  int_value: z.union([z.string(), z.number()]).optional(),
  float_value: z.union([z.string(), z.number()]).optional(),
  string_value: z.string().optional(),
});

/** Property ids of the asset properties the product reads, when a property comes without its name. */
const PATTERN_TEMPLATE = { id: 1, name: 'Pattern Template' };
const WEAR_RATING = { id: 2, name: 'Wear Rating' };
/** The inspect-link payload; Steam sends it by id (its name varies), so it is matched by id only. */
const INSPECT_PAYLOAD_ID = 6;
const INSPECT_PAYLOAD = /^[A-Za-z0-9]{1,512}$/;
const INSPECT_LINK_PREFIX = 'steam://run/730//+csgo_econ_action_preview%20';

// ---------------------------------------------------------------------------------------------
// Helpers

function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

const keyOf = (classid: string, instanceid: string) => `${classid}_${instanceid}`;

/** classid_instanceid of something that failed validation, when its ids are readable. */
function looseKeyOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const { classid, instanceid } = value as Record<string, unknown>;
  const classId = idSchema.safeParse(classid);
  const instanceId = idSchema.safeParse(instanceid ?? '0');
  return classId.success && instanceId.success ? keyOf(classId.data, instanceId.data) : null;
}

function tagsOf(description: Description): Map<string, Tag> {
  const tags = new Map<string, Tag>();
  for (const raw of description.tags ?? []) {
    const tag = tagSchema.safeParse(raw);
    // A malformed tag is ignored, not fatal: the item still parses without it.
    if (tag.success && !tags.has(tag.data.category)) tags.set(tag.data.category, tag.data);
  }
  return tags;
}

function rarityOf(tag: Tag | undefined): Rarity {
  if (!tag) return 'unknown';
  return RARITY_BY_INTERNAL_NAME[tag.internal_name] ?? RARITY_BY_ENGLISH_NAME[tag.localized_tag_name ?? ''] ?? 'unknown';
}

function conditionOf(tag: Tag | undefined): Condition | null {
  if (!tag) return null;
  const match = /^WearCategory(\d)$/.exec(tag.internal_name);
  if (match) return CONDITIONS[Number(match[1])] ?? null;
  return CONDITIONS.find((condition) => condition === tag.localized_tag_name) ?? null;
}

function weaponTypeOf(tag: Tag | undefined): string {
  if (!tag) return FALLBACK_WEAPON_TYPE;
  const known = TYPE_BY_INTERNAL_NAME[tag.internal_name];
  if (known) return known;
  const localized = tag.localized_tag_name?.trim();
  return localized ? localized : FALLBACK_WEAPON_TYPE;
}

interface Properties {
  float: number | null;
  paintSeed: number | null;
  inspectLink: string | null;
}

function readProperties(list: readonly unknown[]): Properties {
  const result: Properties = { float: null, paintSeed: null, inspectLink: null };
  for (const raw of list) {
    const parsed = propertySchema.safeParse(raw);
    if (!parsed.success) continue;
    const property = parsed.data;
    const is = (known: { id: number; name: string }) =>
      property.name !== undefined ? property.name === known.name : property.propertyid === known.id;
    if (is(WEAR_RATING) && property.float_value !== undefined) {
      const value = Number(property.float_value);
      if (String(property.float_value).trim() !== '' && Number.isFinite(value) && value >= 0 && value <= 1) result.float = value;
    } else if (is(PATTERN_TEMPLATE) && property.int_value !== undefined) {
      const value = Number(property.int_value);
      if (String(property.int_value).trim() !== '' && Number.isSafeInteger(value) && value >= 0) result.paintSeed = value;
    } else if (property.propertyid === INSPECT_PAYLOAD_ID && property.string_value !== undefined && INSPECT_PAYLOAD.test(property.string_value)) {
      result.inspectLink = `${INSPECT_LINK_PREFIX}${property.string_value}`;
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------

/**
 * Parse one page of Steam's inventory JSON into the product's inventory items (without `listed`,
 * which the API adds from its own offers and listings). Throws InventoryFormatError for an answer
 * that is not a successful inventory page; never throws for a bad item.
 */
export function parseInventoryPage(json: unknown, options: ParseInventoryOptions): ParsedInventoryPage {
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) {
    const issues = describeIssues(envelope.error);
    const unsuccessful = typeof json === 'object' && json !== null && 'success' in json && issues.some((i) => i.startsWith('success'));
    throw new InventoryFormatError(
      unsuccessful ? 'Steam answered the inventory request without success' : 'Malformed Steam inventory answer',
      issues,
    );
  }
  const page = envelope.data;
  const skip = (reason: string, assetid?: string) => options.onSkip?.(reason, assetid);

  // Descriptions by classid_instanceid; the ones that fail validation keep their reason.
  const descriptions = new Map<string, Description | { invalid: string }>();
  for (const raw of page.descriptions ?? []) {
    const parsed = descriptionSchema.safeParse(raw);
    if (parsed.success) {
      const key = keyOf(parsed.data.classid, parsed.data.instanceid);
      const existing = descriptions.get(key);
      if (!existing || 'invalid' in existing) descriptions.set(key, parsed.data);
    } else {
      const key = looseKeyOf(raw);
      if (key !== null && !descriptions.has(key)) {
        descriptions.set(key, { invalid: `invalid description (${describeIssues(parsed.error).join('; ')})` });
      }
    }
  }

  // Asset properties by asset id.
  const properties = new Map<string, Properties>();
  for (const raw of page.asset_properties ?? []) {
    const parsed = assetPropertiesSchema.safeParse(raw);
    if (parsed.success && !properties.has(parsed.data.assetid)) {
      properties.set(parsed.data.assetid, readProperties(parsed.data.asset_properties));
    }
  }

  const items: ParsedInventoryItem[] = [];
  const seen = new Set<string>();
  for (const raw of page.assets ?? []) {
    const parsed = assetSchema.safeParse(raw);
    if (!parsed.success) {
      const assetid = idSchema.safeParse((raw as { assetid?: unknown } | null)?.assetid);
      skip(`invalid asset (${describeIssues(parsed.error).join('; ')})`, assetid.success ? assetid.data : undefined);
      continue;
    }
    const asset = parsed.data;
    if (asset.appid !== STEAM_APP_ID) {
      skip(`asset of another app (${asset.appid})`, asset.assetid);
      continue;
    }
    if (seen.has(asset.assetid)) {
      skip('duplicate asset', asset.assetid);
      continue;
    }
    const description = descriptions.get(keyOf(asset.classid, asset.instanceid));
    if (!description) {
      skip(`no description for classid ${asset.classid} instanceid ${asset.instanceid}`, asset.assetid);
      continue;
    }
    if ('invalid' in description) {
      skip(description.invalid, asset.assetid);
      continue;
    }
    seen.add(asset.assetid);

    const tags = tagsOf(description);
    const quality = tags.get('Quality')?.internal_name;
    const assetProperties = properties.get(asset.assetid) ?? { float: null, paintSeed: null, inspectLink: null };
    items.push({
      assetid: asset.assetid,
      appid: asset.appid,
      contextid: asset.contextid,
      amount: asset.amount,
      name: description.name,
      marketHashName: description.market_hash_name ?? description.market_name ?? description.name,
      imageUrl: description.icon_url ? options.imageUrlOf(description.icon_url) : '',
      weaponType: weaponTypeOf(tags.get('Type')),
      rarity: rarityOf(tags.get('Rarity')),
      condition: conditionOf(tags.get('Exterior')),
      float: assetProperties.float,
      paintSeed: assetProperties.paintSeed,
      inspectLink: assetProperties.inspectLink,
      statTrak: quality === 'strange' || quality === 'unusual_strange' || description.name.includes('StatTrak™'),
      souvenir: quality === 'tournament' || (quality === undefined && description.name.startsWith('Souvenir ')),
      tradable: description.tradable,
      marketable: description.marketable,
    });
  }

  return {
    items,
    moreItems: page.more_items === 1 || page.more_items === true,
    lastAssetId: page.last_assetid ?? null,
    totalCount: page.total_inventory_count ?? null,
  };
}
