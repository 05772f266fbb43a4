/**
 * The market catalogue's read side (GET /api/skins): available listings (unsold, `holding` or
 * `active`) filtered, sorted and keyset-paged in PostgreSQL. A typed SQL module because the query is
 * the point: only the filters asked for go into the WHERE clause, so each combination gets its own
 * plan, and every sort walks a partial index of available listings (migrations Market and
 * Catalogue), so page 500 costs what page 1 costs and new listings never shift a page.
 *
 * The cursor names its sort, the last row's sort key and its id; a cursor of another sort, or
 * anything not shaped like one this module hands out, is a 400 before any query runs.
 */
import { type DataSource } from 'typeorm';
import { z } from 'zod';
import { MAX_SELL_PRICE_CENTS } from '../../shared/constants';
import { type MarketSort, type SkinsQuery } from '../../shared/schemas/market';
import { type CursorFields, decodeCursor, pageOf } from '../pagination';

/** The columns a market item is presented from (presenters/marketItem.ts). */
export interface MarketItemRow {
  id: string;
  name: string;
  image_url: string;
  /** price_cents as text (bigint cents). */
  price: string;
  weapon_type: string;
  rarity: string;
  condition: string | null;
  float: number | null;
  paint_seed: number | null;
  stat_trak: boolean;
  souvenir: boolean;
  hold_end_time: Date;
  inspect_link: string | null;
}

export const MARKET_ITEM_COLUMNS =
  'id, name, image_url, price_cents::text AS price, weapon_type, rarity, condition, float, paint_seed, stat_trak, souvenir, hold_end_time, inspect_link';

/** Listings buyers can buy; the catalogue indexes are partial on exactly this predicate. */
export const AVAILABLE = `sold_at IS NULL AND status IN ('holding', 'active')`;

const priceKey = z.number().int().min(1).max(MAX_SELL_PRICE_CENTS);
const priceCursor = <S extends MarketSort>(sort: S) => z.strictObject({ sort: z.literal(sort), price: priceKey, id: z.uuid() });
const nameCursor = z.strictObject({ sort: z.literal('name_asc'), name: z.string().min(1).max(300), id: z.uuid() });

type Param = (value: unknown) => string;

interface SortPlan {
  /** The keyset condition after the request's cursor; null on the first page. */
  after: string | null;
  orderBy: string;
  cursorOf: (row: MarketItemRow) => CursorFields;
}

/** Per sort: the keyset condition after its cursor (decoded with that sort's cursor shape), its order, the cursor of a row. */
function sortPlan(sort: MarketSort, cursorText: string | undefined, param: Param): SortPlan {
  switch (sort) {
    case 'price_desc': {
      const cursor = decodeCursor(cursorText, priceCursor(sort));
      return {
        after: cursor && `(price_cents, id) < (${param(cursor.price)}::bigint, ${param(cursor.id)}::uuid)`,
        orderBy: 'price_cents DESC, id DESC',
        cursorOf: (row) => ({ sort, price: Number(row.price), id: row.id }),
      };
    }
    case 'price_asc': {
      const cursor = decodeCursor(cursorText, priceCursor(sort));
      return {
        after: cursor && `(price_cents, id) > (${param(cursor.price)}::bigint, ${param(cursor.id)}::uuid)`,
        orderBy: 'price_cents, id',
        cursorOf: (row) => ({ sort, price: Number(row.price), id: row.id }),
      };
    }
    case 'name_asc': {
      const cursor = decodeCursor(cursorText, nameCursor);
      return {
        after: cursor && `(name, id) > (${param(cursor.name)}::text, ${param(cursor.id)}::uuid)`,
        orderBy: 'name, id',
        cursorOf: (row) => ({ sort, name: row.name, id: row.id }),
      };
    }
  }
}

/** A LIKE pattern matching `text` literally anywhere (%, _ and \ escaped). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of the catalogue: rows in the sort's order and the cursor of the next page (null on the last). */
export async function readCatalogue(db: Pick<DataSource, 'query'>, query: SkinsQuery) {
  const params: unknown[] = [];
  const param: Param = (value) => `$${params.push(value)}`;
  // The cursor first: a bad one is a 400 whatever else the query says.
  const plan = sortPlan(query.sort, query.cursor, param);
  const where = [AVAILABLE];
  // lower() on both sides, as the trigram index is built on lower(name).
  if (query.search) where.push(`lower(name) LIKE lower(${param(containsPattern(query.search))})`);
  if (query.minPrice !== undefined) where.push(`price_cents >= ${param(query.minPrice.toString())}::bigint`);
  if (query.maxPrice !== undefined) where.push(`price_cents <= ${param(query.maxPrice.toString())}::bigint`);
  if (query.weaponType) where.push(`weapon_type = ${param(query.weaponType)}`);
  if (query.rarity) where.push(`rarity = ${param(query.rarity)}`);
  if (query.condition) where.push(`condition = ${param(query.condition)}`);
  if (query.statTrak !== undefined) where.push(`stat_trak = ${param(query.statTrak)}`);
  if (plan.after) where.push(plan.after);
  const rows = (await db.query(
    `SELECT ${MARKET_ITEM_COLUMNS} FROM listings WHERE ${where.join(' AND ')} ORDER BY ${plan.orderBy} LIMIT ${param(query.limit + 1)}`,
    params,
  )) as MarketItemRow[];
  return pageOf(rows, query.limit, plan.cursorOf);
}
