/**
 * Saves the user's own profile fields. Conditional when the client names the version it edited
 * (If-Match): a stale version is a 412 and nothing changes. The trade URL must be this account's.
 */
import { type DataSource } from 'typeorm';
import { type ProfileUpdate } from '../../shared/schemas/user';
import { tradeUrlBelongsTo } from '../../shared/steam';
import { User } from '../entities';
import { badRequest, preconditionFailed } from '../errors';

interface Props {
  /** The signed-in user. */
  userId: string;
  /** Validated fields to change. */
  update: ProfileUpdate;
  /** The version the client edited, from If-Match; undefined means unconditional. */
  expectedVersion: number | undefined;
  dataSource: DataSource;
}

export async function profileUpdater({ userId, update, expectedVersion, dataSource }: Props): Promise<User> {
  return dataSource.transaction(async (manager) => {
    const user = await manager.getRepository(User).findOneOrFail({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
    if (expectedVersion !== undefined && user.version !== expectedVersion) throw preconditionFailed();
    if (update.tradeUrl !== undefined && !tradeUrlBelongsTo(update.tradeUrl, user.steamId)) {
      throw badRequest('This trade URL belongs to a different Steam account', {
        tradeUrl: 'This trade URL belongs to a different Steam account',
      });
    }
    if (update.displayName !== undefined) user.displayName = update.displayName;
    if (update.email !== undefined) user.email = update.email;
    if (update.tradeUrl !== undefined) user.tradeUrl = update.tradeUrl;
    return manager.getRepository(User).save(user);
  });
}
