/**
 * The operators' read side of withdrawals: the queue to work through (oldest first) and, for
 * paying one out, its destination in full (decrypted; never answered by the API).
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { type WithdrawalStatus } from '../../shared/schemas/wallet';
import { type FieldCipher } from '../crypto/fieldCipher';
import { User, Withdrawal } from '../entities';
import { notFound } from '../errors';

type Db = DataSource | EntityManager;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface QueuedWithdrawal {
  withdrawal: Withdrawal;
  steamId: string;
}

/** Withdrawals in `status` (default: requested and processing), oldest first; one user's only when `steamId` is given. */
export async function withdrawalQueue(db: Db, options: { status?: WithdrawalStatus; steamId?: string; limit: number }): Promise<QueuedWithdrawal[]> {
  const query = db
    .getRepository(Withdrawal)
    .createQueryBuilder('w')
    .innerJoin(User, 'u', 'u.id = w.user_id')
    .addSelect('u.steam_id', 'steam_id')
    .where('w.status IN (:...statuses)', { statuses: options.status ? [options.status] : ['requested', 'processing'] });
  if (options.steamId) query.andWhere('u.steam_id = :steamId', { steamId: options.steamId });
  const { entities, raw } = await query
    .orderBy('w.created_at', 'ASC')
    .addOrderBy('w.id', 'ASC')
    .limit(options.limit)
    .getRawAndEntities<{ steam_id: string }>();
  return entities.map((withdrawal, index) => ({ withdrawal, steamId: raw[index]!.steam_id }));
}

/** Where to send a withdrawal, in full, for the operator paying it out. */
export async function withdrawalDestination(db: Db, cipher: FieldCipher, withdrawalId: string): Promise<Record<string, string>> {
  if (!UUID.test(withdrawalId)) throw notFound(`No withdrawal ${withdrawalId}`);
  const row = await db
    .getRepository(Withdrawal)
    .findOne({ select: { id: true, keyId: true, destination: true }, where: { id: withdrawalId } });
  if (!row) throw notFound(`No withdrawal ${withdrawalId}`);
  return JSON.parse(cipher.open({ keyId: row.keyId, value: row.destination })) as Record<string, string>;
}
