/** Audit log rows as the console shows them (shared/schemas/staff.ts). */
import { type AuditEntry } from '../../shared/schemas/staff';
import { type AuditRow } from '../staff/auditTrail';

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor: row.actor,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}
