/**
 * One keyset page of a user's own rows of a table, newest first: the read behind the per-user
 * lists (deposits, withdrawals, listings, orders). Pages on (created_at, id) with the timestamp at
 * PostgreSQL's microsecond precision (pagination.ts), so rows created in one transaction (one
 * timestamp) are ordered by id and none is skipped or repeated on a page boundary, and rows created
 * after the first page only ever appear before it. Each of these tables has an index on
 * (owner, created_at DESC, id DESC), which serves the order and the cursor's row comparison: a page
 * is one index range scan of `limit + 1` entries however deep it is.
 */
import { z } from 'zod';
import { type DataSource, type EntityManager, type EntityTarget } from 'typeorm';
import { cursorTimestamp, cursorTimestampSql, decodeCursor, pageOf } from './pagination';

export interface PageRequest {
  limit: number;
  /** The `nextCursor` of the previous page, as the client sent it back. */
  cursor?: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const createdAtCursor = z.strictObject({ at: cursorTimestamp, id: z.uuid() });

/**
 * The page of `entity`'s rows whose `ownerColumn` (a column name from code, never from input) is
 * `ownerId`, after the cursor. A cursor this module did not hand out is a 400 before any query.
 */
export async function newestFirst<T extends { id: string }>(
  db: DataSource | EntityManager,
  entity: EntityTarget<T>,
  owner: { column: string; id: string },
  page: PageRequest,
): Promise<Page<T>> {
  const after = decodeCursor(page.cursor, createdAtCursor);
  const query = db
    .getRepository(entity)
    .createQueryBuilder('row')
    .addSelect(cursorTimestampSql('row.created_at'), 'cursor_at')
    .where(`row.${owner.column} = :ownerId`, { ownerId: owner.id })
    .orderBy('row.created_at', 'DESC')
    .addOrderBy('row.id', 'DESC')
    .limit(page.limit + 1);
  if (after) query.andWhere('(row.created_at, row.id) < (CAST(:at AS timestamptz), CAST(:id AS uuid))', after);
  const { entities, raw } = await query.getRawAndEntities<{ cursor_at: string }>();
  const cursorAt = new Map(entities.map((row, index) => [row, raw[index]!.cursor_at]));
  return pageOf(entities, page.limit, (row) => ({ at: cursorAt.get(row)!, id: row.id }));
}
