/**
 * Keyset pagination with opaque, typed cursors. Each paginated endpoint declares its cursor as a
 * zod schema (which fields, of which types) and hands out `encodeCursor(fields)` of its page's last
 * row; `decodeCursor(text, schema)` accepts only what such an endpoint could have handed out.
 * Anything else — not base64url, not UTF-8 JSON, extra or missing fields, a non-numeric or non-uuid
 * id, text with control characters — is a 400 `{cursor: 'Invalid cursor'}` before any query runs,
 * so a forged cursor never reaches PostgreSQL as a malformed parameter (which would be a 500).
 * Pages stay stable while new rows arrive, and reading page 50 costs what page 1 costs.
 *
 *   const cursor = z.strictObject({ at: cursorTimestamp, id: z.uuid() });
 *   const after = decodeCursor(query.cursor, cursor);          // null on the first page
 *   ... WHERE (created_at, id) < (after.at, after.id) ORDER BY created_at DESC, id DESC LIMIT limit + 1
 *   return pageOf(rows, limit, (row) => ({ at: row.cursor_at, id: row.id }));   // {items, nextCursor}
 */
import { z, type ZodType } from 'zod';
import { isSingleLineText } from '../shared/text';
import { badRequest } from './errors';

/** The values a cursor field may hold (JSON scalars). */
export type CursorFields = Record<string, string | number | boolean | null>;

export const invalidCursor = () => badRequest('The cursor is not one this API gave out', { cursor: 'Invalid cursor' }, 'invalid_cursor');

/**
 * A PostgreSQL timestamptz in UTC with up to microsecond precision, as the read modules select it
 * for cursors (`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`): a JS
 * Date keeps only milliseconds, and a truncated timestamp would skip rows on the page boundary.
 */
export const cursorTimestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/)
  .refine((value) => !Number.isNaN(Date.parse(value)));

/** A bigserial id as a decimal string (kept below 10^18, inside PostgreSQL's bigint). */
export const cursorBigintId = z.string().regex(/^[1-9]\d{0,17}$/);

/** SQL expression selecting a timestamptz column in the `cursorTimestamp` form. */
export const cursorTimestampSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function encodeCursor(fields: CursorFields): string {
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/** The cursor's fields, typed by `schema`; null without a cursor; 400 for anything not handed out. */
export function decodeCursor<S extends ZodType>(cursor: string | undefined, schema: S): z.output<S> | null {
  if (cursor === undefined || cursor === '') return null;
  const bytes = Buffer.from(cursor, 'base64url');
  // Node's decoder skips characters outside the alphabet; only the canonical form is ours.
  if (bytes.toString('base64url') !== cursor) throw invalidCursor();
  let value: unknown;
  try {
    // Every text a cursor carries goes back into a query: no control characters (PostgreSQL
    // refuses a NUL) and no bytes that are not UTF-8.
    value = JSON.parse(strictUtf8.decode(bytes), (_key, field: unknown) => {
      if (typeof field === 'string' && !isSingleLineText(field)) throw invalidCursor();
      return field;
    });
  } catch {
    throw invalidCursor();
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidCursor();
  return parsed.data;
}

/** Splits a `limit + 1` query result into the page's rows and the cursor of the next page. */
export function pageOf<Row>(rows: Row[], limit: number, cursorOf: (row: Row) => CursorFields): { items: Row[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? encodeCursor(cursorOf(items[items.length - 1]!)) : null };
}
