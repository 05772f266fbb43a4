/**
 * The contract of the per-user lists that page with keyset cursors (GET /api/listings, /api/orders,
 * /api/deposits, /api/withdrawals, /api/transactions): `?limit&cursor` in, `{items, nextCursor}`
 * out. The cursor is opaque: the client only sends back a `nextCursor` it was given.
 */
import { text, z } from './zod';

export interface Page<T> {
  items: T[];
  /** null on the last page. */
  nextCursor: string | null;
}

export const pageQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: text().max(200).optional(),
});
