/**
 * Deposits still awaiting their money: PayPal-type checkouts the provider has not confirmed yet
 * (bank wire, SEPA and crypto transfers have no row before an operator credits them). Finance reads
 * them with each user's deposit reference, the code people quote on transfers.
 */
import { type DataSource } from 'typeorm';
import { Deposit, User } from '../entities';

export interface DepositWithUser {
  deposit: Deposit;
  user: Pick<User, 'id' | 'steamId' | 'displayName' | 'depositReference'>;
}

/** Oldest first. */
export async function pendingDeposits(dataSource: DataSource, limit: number): Promise<DepositWithUser[]> {
  const { entities, raw } = await dataSource
    .getRepository(Deposit)
    .createQueryBuilder('d')
    .innerJoin(User, 'u', 'u.id = d.user_id')
    .addSelect('u.steam_id', 'steam_id')
    .addSelect("COALESCE(NULLIF(btrim(u.display_name), ''), u.username)", 'display_name')
    .addSelect('u.deposit_reference', 'deposit_reference')
    .where("d.status = 'pending'")
    .orderBy('d.created_at', 'ASC')
    .addOrderBy('d.id', 'ASC')
    .limit(limit)
    .getRawAndEntities<{ steam_id: string; display_name: string; deposit_reference: string }>();
  return entities.map((deposit, index) => {
    const row = raw[index]!;
    return { deposit, user: { id: deposit.userId, steamId: row.steam_id, displayName: row.display_name, depositReference: row.deposit_reference } };
  });
}
