/**
 * The operators' read side of withdrawals: the queue to work through (oldest first), each with its
 * user and the approvals it has so far, and, for paying one out, its destination in full
 * (decrypted; only the console's audited /destination and the ops command ever read it).
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { type WithdrawalStatus } from '../../shared/schemas/wallet';
import { type FieldCipher } from '../crypto/fieldCipher';
import { User, Withdrawal } from '../entities';
import { notFound } from '../errors';

type Db = DataSource | EntityManager;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The approvals a withdrawal needs before it is processed and can be paid: two by different people
 * above the four-eyes threshold (WITHDRAWAL_FOUR_EYES_USD), else one.
 */
export function approvalsNeeded(amountCents: bigint, fourEyesCents: bigint): 1 | 2 {
  return amountCents > fourEyesCents ? 2 : 1;
}

export interface WithdrawalApproval {
  /** A staff member's e-mail, or `system:cli` for the ops command. */
  approver: string;
  at: Date;
}

export interface QueuedWithdrawal {
  withdrawal: Withdrawal;
  user: { id: string; steamId: string; displayName: string };
  /** Oldest first. */
  approvals: WithdrawalApproval[];
}

export const isWithdrawalId = (id: string) => UUID.test(id);

/** The approvals of these withdrawals, oldest first, by withdrawal id (through the primary key). */
export async function approvalsOf(db: Db, withdrawalIds: string[]): Promise<Map<string, WithdrawalApproval[]>> {
  const byWithdrawal = new Map<string, WithdrawalApproval[]>(withdrawalIds.map((id) => [id, []]));
  if (!withdrawalIds.length) return byWithdrawal;
  const rows = (await db.query(
    'SELECT withdrawal_id, staff_email, created_at FROM withdrawal_approvals WHERE withdrawal_id = ANY($1) ORDER BY created_at, staff_email',
    [withdrawalIds],
  )) as Array<{ withdrawal_id: string; staff_email: string; created_at: Date }>;
  for (const row of rows) byWithdrawal.get(row.withdrawal_id)!.push({ approver: row.staff_email, at: row.created_at });
  return byWithdrawal;
}

function queued(db: Db) {
  return db
    .getRepository(Withdrawal)
    .createQueryBuilder('w')
    .innerJoin(User, 'u', 'u.id = w.user_id')
    .addSelect('u.steam_id', 'steam_id')
    .addSelect("COALESCE(NULLIF(btrim(u.display_name), ''), u.username)", 'display_name');
}

async function withApprovals(db: Db, { entities, raw }: { entities: Withdrawal[]; raw: Array<{ steam_id: string; display_name: string }> }) {
  const approvals = await approvalsOf(db, entities.map((withdrawal) => withdrawal.id));
  return entities.map((withdrawal, index) => ({
    withdrawal,
    user: { id: withdrawal.userId, steamId: raw[index]!.steam_id, displayName: raw[index]!.display_name },
    approvals: approvals.get(withdrawal.id)!,
  }));
}

/** Withdrawals in `status` (default: requested and processing), oldest first; one user's only when `steamId` is given. */
export async function withdrawalQueue(db: Db, options: { status?: WithdrawalStatus; steamId?: string; limit: number }): Promise<QueuedWithdrawal[]> {
  // withdrawals_status_idx (status, created_at) finds them in queue order.
  const query = queued(db).where('w.status IN (:...statuses)', { statuses: options.status ? [options.status] : ['requested', 'processing'] });
  if (options.steamId) query.andWhere('u.steam_id = :steamId', { steamId: options.steamId });
  const rows = await query
    .orderBy('w.created_at', 'ASC')
    .addOrderBy('w.id', 'ASC')
    .limit(options.limit)
    .getRawAndEntities<{ steam_id: string; display_name: string }>();
  return withApprovals(db, rows);
}

/** One withdrawal as the queue shows it (for the answer of a command that changed it). */
export async function queuedWithdrawal(db: Db, withdrawalId: string): Promise<QueuedWithdrawal> {
  const [found] = await withApprovals(db, await queued(db).where('w.id = :withdrawalId', { withdrawalId }).getRawAndEntities());
  if (!found) throw notFound(`No withdrawal ${withdrawalId}`);
  return found;
}

/** Where to send a withdrawal, in full, for the operator paying it out. */
export async function withdrawalDestination(db: Db, cipher: FieldCipher, withdrawalId: string): Promise<Record<string, string>> {
  if (!isWithdrawalId(withdrawalId)) throw notFound(`No withdrawal ${withdrawalId}`);
  const row = await db
    .getRepository(Withdrawal)
    .findOne({ select: { id: true, keyId: true, destination: true }, where: { id: withdrawalId } });
  if (!row) throw notFound(`No withdrawal ${withdrawalId}`);
  return JSON.parse(cipher.open({ keyId: row.keyId, value: row.destination })) as Record<string, string>;
}
