/**
 * The demo seed's rows in COPY's binary format (./copyBinary.ts): each listing's bot item
 * (`sim_steam_items`) and the listing naming it, written chunk by chunk, the next chunk generated
 * while PostgreSQL takes the last one (./marketListings.ts drives it).
 */
import { randomFillSync } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { type PoolClient } from 'pg';
import { type Condition, type Rarity } from '../../../shared/constants';
import { feeCents } from '../../../shared/money';
import { type SimItem } from '../steam/demoInventory';
import { inspectPayloadOf } from '../steam/steamInventoryJson';
import { timed, type Phases } from './bulkLoad';
import { copyBinary, CopyBinaryWriter } from './copyBinary';

/** One listing of the seed and the bot item it names, as ./marketListings.ts generates them. */
export interface SeedListing {
  sellerSteamId: string;
  sellerAssetid: string;
  /** The item as the bot holds it (its bot asset id is drawn at insert time). */
  item: Omit<SimItem, 'assetid'>;
  name: string;
  marketHashName: string;
  imageUrl: string;
  weaponType: string;
  rarity: Rarity;
  condition: Condition | null;
  priceCents: number;
  status: 'holding' | 'active';
  holdStartTime: Date;
  holdEndTime: Date;
  featured: boolean;
}

/** About the bytes of an item's row and of a listing's row in COPY's binary format. */
const ITEM_ROW_BYTES = 400;
const LISTING_ROW_BYTES = 500;
/** Rows generated between two turns of the event loop. */
const COPY_YIELD_ROWS = 250;

/**
 * Listing ids in rising order: UUIDv7 (RFC 9562) made of the seed's start time and a counter (the
 * time moving on a millisecond every 4096 ids, as the RFC allows), then 62 bits drawn at random
 * once per seed (time and counter already tell the ids apart). The primary key's index takes each
 * at its right end instead of at a random leaf: a quarter less of PostgreSQL's work for the
 * listings' COPY. The index-th id is worked out again when needed, not kept.
 */
export class RisingUuids {
  private readonly id = new Uint8Array(16);
  private readonly view = new DataView(this.id.buffer);

  constructor(private readonly startMs: number) {
    randomFillSync(this.id, 8);
    // The variant, 0b10.
    this.id[8] = 0x80 | (this.id[8]! & 0x3f);
  }

  /** The index-th id's bytes, overwritten by the next call. */
  at(index: number): Uint8Array {
    const time = this.startMs + Math.floor(index / 4096);
    this.view.setUint16(0, Math.floor(time / 2 ** 32));
    this.view.setUint32(2, time % 2 ** 32);
    // Version 7, then the counter.
    this.view.setUint16(6, 0x7000 | index % 4096);
    return this.id;
  }

  text(index: number): string {
    const hex = Buffer.from(this.at(index)).toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}

const ITEM_COLUMNS = ['assetid', 'steam_id', 'item', 'protected_until'] as const;
const LISTING_COLUMNS = [
  'id',
  'seller_id',
  'seller_assetid',
  'bot_assetid',
  'bot_contextid',
  'name',
  'market_hash_name',
  'image_url',
  'weapon_type',
  'rarity',
  'condition',
  'float',
  'paint_seed',
  'stat_trak',
  'souvenir',
  'price_cents',
  'fee_cents',
  'status',
  'featured',
  'hold_start_time',
  'hold_end_time',
  'created_at',
  'updated_at',
  'inspect_link',
] as const;

export interface CopyTarget {
  botSteamId: string;
  /** Each seller's user id, as uuid bytes. */
  sellerIds: Map<string, Uint8Array>;
  botAssetId: (index: number) => string;
  listingIds: RisingUuids;
  /** Rows written so far: the next listing's index. */
  written: number;
  /** Listings per COPY statement. */
  chunkRows: number;
}

/**
 * A listing's two rows, values in ITEM_COLUMNS and LISTING_COLUMNS order: the bot's item
 * (trade-protected until the hold ends while holding) and the listing naming it (inventory context
 * 16 while trade-protected, 2 after).
 */
function writeSeedRows(target: CopyTarget, listing: SeedListing, items: CopyBinaryWriter, listings: CopyBinaryWriter): void {
  const index = target.written++;
  const assetid = target.botAssetId(index);
  const { item } = listing;
  const holding = listing.status === 'holding';
  // The asset id goes into the item's JSON text: spreading the item into a new object costs twice as much.
  items.row(ITEM_COLUMNS.length).text(assetid).text(target.botSteamId).jsonb(`{"assetid":"${assetid}",${JSON.stringify(item).slice(1)}`);
  items.timestamptz(holding ? listing.holdEndTime : null);
  listings.row(LISTING_COLUMNS.length).uuid(target.listingIds.at(index)).uuid(target.sellerIds.get(listing.sellerSteamId)!);
  listings.text(listing.sellerAssetid).text(assetid).text(holding ? '16' : '2').text(listing.name).text(listing.marketHashName);
  listings.text(listing.imageUrl).text(listing.weaponType).text(listing.rarity).text(listing.condition).float8(item.float);
  listings.int4(item.paintSeed).bool(item.statTrak).bool(item.souvenir).int8(listing.priceCents).int8(Number(feeCents(BigInt(listing.priceCents))));
  listings.text(listing.status).bool(listing.featured).timestamptz(listing.holdStartTime).timestamptz(listing.holdEndTime);
  listings.timestamptz(listing.holdStartTime).timestamptz(listing.holdStartTime);
  // The inspect link the bot's inventory gives the item.
  listings.text(item.float === null ? null : `steam://run/730//+csgo_econ_action_preview%20${inspectPayloadOf(assetid)}`);
}

/** Up to `rows` listings' rows for each table. */
interface RowChunk {
  items: Buffer;
  listings: Buffer;
  count: number;
}

/**
 * Writes the next chunk of rows, making way every COPY_YIELD_ROWS rows for the socket's writes (the
 * previous chunk, on its way to PostgreSQL meanwhile).
 */
async function nextChunk(target: CopyTarget, listings: Iterator<SeedListing>, rows: number): Promise<RowChunk> {
  const itemRows = new CopyBinaryWriter(rows * ITEM_ROW_BYTES);
  const listingRows = new CopyBinaryWriter(rows * LISTING_ROW_BYTES);
  while (listingRows.rows < rows) {
    const next = listings.next();
    if (next.done) break;
    writeSeedRows(target, next.value, itemRows, listingRows);
    if (listingRows.rows % COPY_YIELD_ROWS === 0) await setImmediate();
  }
  return { items: itemRows.finish(), listings: listingRows.finish(), count: listingRows.rows };
}

/**
 * COPYs up to `limit` listings in chunks (`freeze`: see copyBinary), the items before the listings
 * naming them, generating each chunk while the last one is copied.
 */
export async function copyChunks(
  client: PoolClient,
  target: CopyTarget,
  listings: Iterator<SeedListing>,
  p: { limit: number; freeze: boolean; phases: Phases },
): Promise<void> {
  const { phases } = p;
  let left = p.limit;
  const generate = () => timed(phases, 'generate', () => nextChunk(target, listings, Math.min(target.chunkRows, left)));
  let chunk = await generate();
  while (chunk.count > 0) {
    left -= chunk.count;
    const copying = (async ({ items, listings: listingRows }: RowChunk) => {
      await copyBinary(client, 'sim_steam_items', ITEM_COLUMNS, items, p.freeze);
      await copyBinary(client, 'listings', LISTING_COLUMNS, listingRows, p.freeze);
    })(chunk);
    [chunk] = await Promise.all([left > 0 ? generate() : { items: Buffer.alloc(0), listings: Buffer.alloc(0), count: 0 }, copying]);
  }
}

