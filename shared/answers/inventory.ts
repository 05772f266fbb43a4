/** The answers about the user's Steam inventory and the platform's trade bot. */
import { CONDITIONS, RARITIES } from '../constants';
import * as z from './z';
import { isoTime } from './z';

export const inventoryItemAnswer = z.object({
  assetid: z.string(),
  appid: z.number(),
  contextid: z.string(),
  amount: z.number(),
  name: z.string(),
  marketHashName: z.string(),
  imageUrl: z.string(),
  weaponType: z.string(),
  rarity: z.enum(RARITIES),
  /** Null for items without wear (stickers, cases, vanilla knives). */
  condition: z.nullable(z.enum(CONDITIONS)),
  /** Wear rating from Steam's asset properties; null when Steam gives none. */
  float: z.nullable(z.number()),
  paintSeed: z.nullable(z.number()),
  /** 'Inspect in Game' link, when Steam gave the item's inspect payload. */
  inspectLink: z.nullable(z.string()),
  statTrak: z.boolean(),
  souvenir: z.boolean(),
  tradable: z.boolean(),
  marketable: z.boolean(),
  /** In an open trade offer or an active listing: cannot be offered again. */
  listed: z.boolean(),
});
export type InventoryItem = z.infer<typeof inventoryItemAnswer>;

/** GET /api/inventory. */
export const inventoryAnswer = z.object({
  items: z.array(inventoryItemAnswer),
  /** True when Steam reports the inventory as private (the list is then empty). */
  private: z.boolean(),
  /** When the server last read the inventory from Steam. */
  fetchedAt: isoTime,
});
export type InventoryResponse = z.infer<typeof inventoryAnswer>;

/** GET /api/bot-status. */
export const botStatusAnswer = z.object({
  online: z.boolean(),
  lastSeenAt: z.nullable(isoTime),
  /** The process that runs the bot (host:pid), as its last heartbeat said; null before any. */
  leader: z.nullable(z.string()),
});
export type BotStatus = z.infer<typeof botStatusAnswer>;
