/**
 * The audit trail: who changed what, written in the same transaction as the change, so the record
 * exists exactly when the change does.
 */
import { type EntityManager } from 'typeorm';

/**
 * 'user:<uuid>', 'staff:<e-mail>' (the console), 'system:cli' (the ops commands) or
 * 'system:<worker>'; 'operator:<name>' in rows from before the console.
 */
export type Actor = `user:${string}` | `staff:${string}` | `operator:${string}` | `system:${string}`;

export interface AuditEntry {
  actor: Actor;
  /** What happened, e.g. 'listing.cancelled', 'withdrawal.paid'. */
  action: string;
  subjectType: string;
  subjectId: string;
  /**
   * Free-form facts; staff actions put `reason`, `before` and `after` here (the console shows them).
   */
  details?: Record<string, unknown>;
}

export async function audit(manager: EntityManager, entry: AuditEntry): Promise<void> {
  await manager.query('INSERT INTO audit_log (actor, action, subject_type, subject_id, details) VALUES ($1, $2, $3, $4, $5)', [
    entry.actor,
    entry.action,
    entry.subjectType,
    entry.subjectId,
    JSON.stringify(entry.details ?? {}),
  ]);
}

/** The ops commands (a shell on the server, no signed-in person) act as one system actor. */
export const CLI_ACTOR: Actor = 'system:cli';
