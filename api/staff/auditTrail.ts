/**
 * The console's Audit log, read side: newest first, 50 a page, keyset-paginated on the id (rows are
 * append-only with increasing ids), filtered by actor (exact or prefix: `staff:` is every staff
 * action), subject (a subject id, or `type:id`) and action (exact or prefix: `withdrawal.`).
 *
 * Indexes: `type:id` reads audit_log_subject_idx, a bare subject id audit_log_subject_id_idx; an
 * actor or action, exact or prefix, audit_log_actor_idx / audit_log_action_idx (text_pattern_ops, so
 * in any collation); with no filter the primary key is read backwards.
 */
import { z } from 'zod';
import { type DataSource } from 'typeorm';
import { cursorBigintId, decodeCursor, pageOf } from '../pagination';

export const AUDIT_PAGE_SIZE = 50;

const auditCursor = z.strictObject({ id: cursorBigintId });

export interface AuditRow {
  id: string;
  actor: string;
  action: string;
  subjectType: string;
  subjectId: string;
  details: Record<string, unknown>;
  createdAt: Date;
}

export interface AuditFilter {
  actor?: string;
  subject?: string;
  action?: string;
  cursor?: string;
}

/** `%`, `_` and `\` stand for themselves in a LIKE pattern. */
const prefixPattern = (value: string) => `${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export async function auditPage(dataSource: DataSource, filter: AuditFilter): Promise<{ items: AuditRow[]; nextCursor: string | null }> {
  const after = decodeCursor(filter.cursor, auditCursor);
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (after) where.push(`id < ${param(after.id)}::bigint`);
  if (filter.actor) where.push(`actor LIKE ${param(prefixPattern(filter.actor))}`);
  if (filter.action) where.push(`action LIKE ${param(prefixPattern(filter.action))}`);
  if (filter.subject) {
    const typed = /^([a-z_]+):(.+)$/.exec(filter.subject);
    where.push(
      typed
        ? `((subject_type = ${param(typed[1])} AND subject_id = ${param(typed[2])}) OR subject_id = ${param(filter.subject)})`
        : `subject_id = ${param(filter.subject)}`,
    );
  }
  const rows = (await dataSource.query(
    // Ordered by the column, not the text alias of the same name.
    `SELECT id::text AS id, actor, action, subject_type, subject_id, details, created_at FROM audit_log
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY audit_log.id DESC LIMIT ${param(AUDIT_PAGE_SIZE + 1)}`,
    params,
  )) as Array<{ id: string; actor: string; action: string; subject_type: string; subject_id: string; details: Record<string, unknown>; created_at: Date }>;
  const entries = rows.map((row) => ({
    id: row.id,
    actor: row.actor,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    details: row.details,
    createdAt: row.created_at,
  }));
  return pageOf(entries, AUDIT_PAGE_SIZE, (entry) => ({ id: entry.id }));
}
