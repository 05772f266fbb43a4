/** GET /api/inventory (spec section 3, DESIGN.md section 4). */
import { type Condition, type Rarity } from '../constants';

export interface InventoryItem {
  assetid: string;
  appid: number;
  contextid: string;
  amount: number;
  name: string;
  marketHashName: string;
  imageUrl: string;
  weaponType: string;
  rarity: Rarity;
  /** Absent for items without wear (stickers, cases, vanilla knives). */
  condition: Condition | null;
  /** Wear rating from Steam's asset properties; null when Steam gives none. */
  float: number | null;
  paintSeed: number | null;
  /** 'Inspect in Game' link, when Steam gave the item's inspect payload (asset property 6). */
  inspectLink: string | null;
  statTrak: boolean;
  souvenir: boolean;
  tradable: boolean;
  marketable: boolean;
  /** In an open trade offer or an active listing: cannot be offered again. */
  listed: boolean;
}

export interface InventoryResponse {
  items: InventoryItem[];
  /** True when Steam reports the inventory as private (the list is then empty). */
  private: boolean;
  /** When the server last read the inventory from Steam (ISO time). */
  fetchedAt: string;
}

export interface BotStatus {
  online: boolean;
  lastSeenAt: string | null;
  /** The process that runs the bot (host:pid), as its last heartbeat said; null before any. */
  leader: string | null;
}
