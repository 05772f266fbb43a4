/**
 * The market catalogue's read side (GET /api/skins): available listings (unsold, `holding` or
 * `active`) filtered, sorted and keyset-paged in PostgreSQL. A typed SQL module because the query is
 * the point: only the filters asked for go into the WHERE clause, so each combination gets its own
 * plan, and every sort walks a partial index of available listings (migrations Market, Catalogue,
 * CatalogueNames and FloatFilters), so page 500 costs what page 1 costs and new listings never
 * shift a page.
 *
 * Name A-Z sorts by the lower-cased name ('MAG-7 | Silver' before 'MAG-7 | SWAG-7'), then id.
 * Float low to high sorts by FLOAT_KEY, the float with items that have none (vanilla knives) after
 * every float, then id; the float range filters on the same expression, so a range in that order is
 * one range of its index (migration FloatFilters).
 *
 * A text search first finds the matching names among every name ever listed (`listing_names`, a
 * few thousand, through its trigram index). By name, the index walks those names' ranges in order.
 * By price or float, at most a page is read from each name's own index range and merged: the cost
 * follows the number of matching names, not of matching listings, so it stays flat as the market
 * grows. A text in more than FEW_NAMES names (a letter, 'StatTrak') usually fills a page within the
 * first WALK_ROWS rows of the order, so those are tried first, with the text as a filter; only when
 * they hold less than a page (a sparse match, far down the order) are the ranges merged.
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
  market_hash_name: string;
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
  'id, name, market_hash_name, image_url, price_cents::text AS price, weapon_type, rarity, condition, float, paint_seed, stat_trak, souvenir, hold_end_time, inspect_link';

/** Listings buyers can buy; the catalogue indexes are partial on exactly this predicate. */
export const AVAILABLE = `sold_at IS NULL AND status IN ('holding', 'active')`;

const priceKey = z.number().int().min(1).max(MAX_SELL_PRICE_CENTS);
const priceCursor = <S extends MarketSort>(sort: S) => z.strictObject({ sort: z.literal(sort), price: priceKey, id: z.uuid() });
const nameCursor = z.strictObject({ sort: z.literal('name_asc'), name: z.string().min(1).max(300), id: z.uuid() });
/** null: an item without a float (the order's tail). */
const floatCursor = z.strictObject({ sort: z.literal('float_asc'), float: z.number().min(0).max(1).nullable(), id: z.uuid() });
/**
 * The float order's key and the float filters' expression, exactly as the index has it (PostgreSQL
 * uses an expression index only for the same expression): items without a float sort last.
 */
const FLOAT_KEY = `coalesce(float, 'Infinity')`;
/** Up to this many matching names, a search by price or float merges their ranges at once (names × a page of rows). */
const FEW_NAMES = 50;
/** How far down the price or float order a search in many names looks for its page before merging ranges. */
const WALK_ROWS = 500;

type Param = (value: unknown) => string;

/** A catalogue row: a market item and its sort keys (selected so a merge of several index ranges can sort by them). */
interface CatalogueRow extends MarketItemRow {
  name_key: string;
}
const CATALOGUE_COLUMNS = `${MARKET_ITEM_COLUMNS}, price_cents, lower(name) AS name_key, ${FLOAT_KEY} AS float_key`;

interface SortPlan {
  /** The keyset condition after the request's cursor; null on the first page. */
  after: string | null;
  orderBy: string;
  /** The sort keys `orderBy` names, as selected (a merge of index ranges selects them alone). */
  keys: string;
  cursorOf: (row: CatalogueRow) => CursorFields;
}

/** Per sort: the keyset condition after its cursor (decoded with that sort's cursor shape), its order, the cursor of a row. */
function sortPlan(sort: MarketSort, cursorText: string | undefined, param: Param): SortPlan {
  switch (sort) {
    case 'price_desc': {
      const cursor = decodeCursor(cursorText, priceCursor(sort));
      return {
        after: cursor && `(price_cents, id) < (${param(cursor.price)}::bigint, ${param(cursor.id)}::uuid)`,
        orderBy: 'price_cents DESC, id DESC',
        keys: 'price_cents',
        cursorOf: (row) => ({ sort, price: Number(row.price), id: row.id }),
      };
    }
    case 'price_asc': {
      const cursor = decodeCursor(cursorText, priceCursor(sort));
      return {
        after: cursor && `(price_cents, id) > (${param(cursor.price)}::bigint, ${param(cursor.id)}::uuid)`,
        orderBy: 'price_cents, id',
        keys: 'price_cents',
        cursorOf: (row) => ({ sort, price: Number(row.price), id: row.id }),
      };
    }
    case 'name_asc': {
      // The cursor carries the lower-cased name, the sort's key (name_key is lower(name)).
      const cursor = decodeCursor(cursorText, nameCursor);
      return {
        after: cursor && `(lower(name), id) > (${param(cursor.name)}::text, ${param(cursor.id)}::uuid)`,
        orderBy: 'name_key, id',
        keys: 'lower(name) AS name_key',
        cursorOf: (row) => ({ sort, name: row.name_key, id: row.id }),
      };
    }
    case 'float_asc': {
      const cursor = decodeCursor(cursorText, floatCursor);
      return {
        after: cursor && `(${FLOAT_KEY}, id) > (${param(cursor.float ?? 'Infinity')}::float8, ${param(cursor.id)}::uuid)`,
        orderBy: 'float_key, id',
        keys: `${FLOAT_KEY} AS float_key`,
        cursorOf: (row) => ({ sort, float: row.float, id: row.id }),
      };
    }
  }
}

/** A LIKE pattern matching `text` literally anywhere (%, _ and \ escaped). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The lower-cased names containing `search`. */
async function namesContaining(db: Pick<DataSource, 'query'>, search: string): Promise<string[]> {
  const rows = (await db.query('SELECT name_key FROM listing_names WHERE name_key LIKE lower($1)', [containsPattern(search)])) as Array<{ name_key: string }>;
  return rows.map((row) => row.name_key);
}

/** One statement's parameters and conditions: the filters but the text search, and the cursor's keyset condition. */
function statement(query: SkinsQuery) {
  const params: unknown[] = [];
  const param: Param = (value) => `$${params.push(value)}`;
  const plan = sortPlan(query.sort, query.cursor, param);
  const where = [AVAILABLE];
  if (query.minPrice !== undefined) where.push(`price_cents >= ${param(query.minPrice.toString())}::bigint`);
  if (query.maxPrice !== undefined) where.push(`price_cents <= ${param(query.maxPrice.toString())}::bigint`);
  if (query.weaponType) where.push(`weapon_type = ${param(query.weaponType)}`);
  if (query.rarity) where.push(`rarity = ${param(query.rarity)}`);
  if (query.condition) where.push(`condition = ${param(query.condition)}`);
  if (query.statTrak !== undefined) where.push(`stat_trak = ${param(query.statTrak)}`);
  if (query.souvenir !== undefined) where.push(`souvenir = ${param(query.souvenir)}`);
  // One bound alone is still a range of the float index; its other end (0 or 1) keeps items
  // without a float (FLOAT_KEY 'Infinity') out.
  if (query.minFloat !== undefined || query.maxFloat !== undefined) {
    where.push(`${FLOAT_KEY} BETWEEN ${param(query.minFloat ?? 0)}::float8 AND ${param(query.maxFloat ?? 1)}::float8`);
  }
  if (query.paintSeed !== undefined) where.push(`paint_seed = ${param(query.paintSeed)}`);
  if (plan.after) where.push(plan.after);
  return { params, param, plan, where: where.join(' AND '), limit: param(query.limit + 1) };
}

/** One page of the catalogue: rows in the sort's order and the cursor of the next page (null on the last). */
export async function readCatalogue(db: Pick<DataSource, 'query'>, query: SkinsQuery) {
  // The cursor first (statement() decodes it): a bad one is a 400 whatever else the query says.
  const first = statement(query);
  const page = (rows: unknown) => pageOf(rows as CatalogueRow[], query.limit, first.plan.cursorOf);
  if (!query.search) {
    return page(await db.query(`SELECT ${CATALOGUE_COLUMNS} FROM listings WHERE ${first.where} ORDER BY ${first.plan.orderBy} LIMIT ${first.limit}`, first.params));
  }
  const names = await namesContaining(db, query.search);
  if (names.length === 0) return page([]);
  if (query.sort === 'name_asc') {
    // The names' index ranges in name order are the sort's order: the index walks them, no merge.
    const { params, param, plan, where, limit } = first;
    return page(
      await db.query(`SELECT ${CATALOGUE_COLUMNS} FROM listings WHERE ${where} AND lower(name) = ANY(${param(names)}::text[]) ORDER BY ${plan.orderBy} LIMIT ${limit}`, params),
    );
  }
  if (names.length > FEW_NAMES) {
    const { params, param, plan, where, limit } = first;
    const rows = (await db.query(
      `SELECT * FROM (SELECT ${CATALOGUE_COLUMNS} FROM listings WHERE ${where} ORDER BY ${plan.orderBy} LIMIT ${param(WALK_ROWS)}) walked
       WHERE name_key LIKE lower(${param(containsPattern(query.search))}) ORDER BY ${plan.orderBy} LIMIT ${limit}`,
      params,
    )) as CatalogueRow[];
    // A whole page (and the row telling whether another follows) within the walk is the true page.
    if (rows.length > query.limit) return page(rows);
  }
  // The page's ids from each name's range, read from the index alone (it carries the name and the
  // filtered columns: migrations CatalogueNames and FloatFilters), then those rows.
  const { params, param, plan, where, limit } = statement(query);
  return page(
    await db.query(
      `SELECT ${CATALOGUE_COLUMNS} FROM listings WHERE id IN (
         SELECT ranges.id FROM unnest(${param(names)}::text[]) AS n(matched) CROSS JOIN LATERAL (
           SELECT id, ${plan.keys} FROM listings WHERE lower(name) = n.matched AND ${where} ORDER BY ${plan.orderBy} LIMIT ${limit}
         ) ranges ORDER BY ${plan.orderBy} LIMIT ${limit}
       ) ORDER BY ${plan.orderBy}`,
      params,
    ),
  );
}

/** One available listing as a market item (GET /api/skins/:id, a link to an item); null when it is not on sale. */
export async function readMarketItem(db: Pick<DataSource, 'query'>, id: string): Promise<MarketItemRow | null> {
  const rows = (await db.query(`SELECT ${MARKET_ITEM_COLUMNS} FROM listings WHERE id = $1 AND ${AVAILABLE}`, [id])) as MarketItemRow[];
  return rows[0] ?? null;
}
