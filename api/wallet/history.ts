/**
 * The wallet's read side: a user's deposits, withdrawals and ledger statement, newest first, one
 * keyset page at a time. Each list has its own typed cursor (pagination.ts): deposits and
 * withdrawals page on (created_at, id) with the timestamp at full microsecond precision, the
 * statement on the entry id. A cursor this module did not hand out is a 400.
 */
import { z } from 'zod';
import { type DataSource, type EntityManager } from 'typeorm';
import { Deposit, Withdrawal } from '../entities';
import { statementOf, type StatementEntry } from '../ledger/statement';
import { cursorBigintId, cursorTimestamp, cursorTimestampSql, decodeCursor, pageOf } from '../pagination';

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
const entryCursor = z.strictObject({ id: cursorBigintId });

type Db = DataSource | EntityManager;

/** Rows of `entity` owned by the user, newest first, after the (created_at, id) cursor. */
async function newestFirst<T extends Deposit | Withdrawal>(db: Db, entity: new () => T, userId: string, page: PageRequest): Promise<Page<T>> {
  const after = decodeCursor(page.cursor, createdAtCursor);
  const query = db
    .getRepository(entity)
    .createQueryBuilder('row')
    .addSelect(cursorTimestampSql('row.created_at'), 'cursor_at')
    .where('row.user_id = :userId', { userId })
    .orderBy('row.created_at', 'DESC')
    .addOrderBy('row.id', 'DESC')
    .limit(page.limit + 1);
  if (after) query.andWhere('(row.created_at, row.id) < (CAST(:at AS timestamptz), CAST(:id AS uuid))', after);
  const { entities, raw } = await query.getRawAndEntities<{ cursor_at: string }>();
  const cursorAt = new Map(entities.map((row, index) => [row, raw[index]!.cursor_at]));
  return pageOf(entities, page.limit, (row) => ({ at: cursorAt.get(row)!, id: row.id }));
}

export const depositsOf = (db: Db, userId: string, page: PageRequest) => newestFirst(db, Deposit, userId, page);

export const withdrawalsOf = (db: Db, userId: string, page: PageRequest) => newestFirst(db, Withdrawal, userId, page);

export async function statementPage(db: Db, userId: string, page: PageRequest): Promise<Page<StatementEntry>> {
  const after = decodeCursor(page.cursor, entryCursor);
  const entries = await statementOf(db, userId, { limit: page.limit + 1, beforeId: after?.id ?? null });
  return pageOf(entries, page.limit, (entry) => ({ id: entry.id }));
}
