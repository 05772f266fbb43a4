/**
 * The audit trail: who changed what, written in the same transaction as the change, so the record
 * exists exactly when the change does.
 */
import { type EntityManager } from 'typeorm';

/** 'user:<uuid>', 'operator:<name>' or 'system:<worker>'. */
export type Actor = `user:${string}` | `operator:${string}` | `system:${string}`;

export interface AuditEntry {
  actor: Actor;
  /** What happened, e.g. 'listing.cancelled', 'withdrawal.paid'. */
  action: string;
  subjectType: string;
  subjectId: string;
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

/** The operator running an ops command: OPERATOR, else the login name. */
export function operatorActor(env: NodeJS.ProcessEnv = process.env): Actor {
  return `operator:${env.OPERATOR || env.SUDO_USER || env.USER || 'unknown'}`;
}
