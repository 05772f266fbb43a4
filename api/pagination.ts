/**
 * Keyset pagination: the cursor is the (created_at, id) of the last row the client has, opaque to
 * it. Pages stay stable while new rows arrive, and reading page 50 costs what page 1 costs.
 */
import { badRequest } from './errors';

export interface Cursor {
  createdAt: string;
  id: string;
}

export function encodeCursor(row: { created_at: Date; id: string }): string {
  return Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt)) || !/^[0-9a-f-]{1,36}$/i.test(id)) {
    throw badRequest('The cursor is not one this API gave out', { cursor: 'Invalid cursor' });
  }
  return { createdAt, id };
}

/** Splits a `limit + 1` query result into the page and the cursor of the next one. */
export function pageOf<Row extends { created_at: Date; id: string }, Item>(rows: Row[], limit: number, present: (row: Row) => Item) {
  const items = rows.slice(0, limit);
  return { items: items.map(present), nextCursor: rows.length > limit ? encodeCursor(items[items.length - 1]!) : null };
}
