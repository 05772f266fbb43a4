/**
 * The wallet's read side: a user's deposits, withdrawals and ledger statement, newest first, one
 * keyset page at a time. Each list has its own typed cursor (pagination.ts): deposits and
 * withdrawals page on (created_at, id) (newestFirst.ts), the statement on the entry id. A cursor
 * this module did not hand out is a 400.
 */
import { z } from 'zod';
import { type DataSource, type EntityManager } from 'typeorm';
import { Deposit, Withdrawal } from '../entities';
import { statementOf, type StatementEntry } from '../ledger/statement';
import { newestFirst, type Page, type PageRequest } from '../newestFirst';
import { cursorBigintId, decodeCursor, pageOf } from '../pagination';

const entryCursor = z.strictObject({ id: cursorBigintId });

type Db = DataSource | EntityManager;

export const depositsOf = (db: Db, userId: string, page: PageRequest) => newestFirst(db, Deposit, { column: 'user_id', id: userId }, page);

export const withdrawalsOf = (db: Db, userId: string, page: PageRequest) => newestFirst(db, Withdrawal, { column: 'user_id', id: userId }, page);

export async function statementPage(db: Db, userId: string, page: PageRequest): Promise<Page<StatementEntry>> {
  const after = decodeCursor(page.cursor, entryCursor);
  const entries = await statementOf(db, userId, { limit: page.limit + 1, beforeId: after?.id ?? null });
  return pageOf(entries, page.limit, (entry) => ({ id: entry.id }));
}
