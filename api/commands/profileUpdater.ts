/**
 * Saves the user's own profile fields. Conditional when the client names the version it edited
 * (If-Match): a stale version is a 412 and nothing changes. The trade URL must be this account's.
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { type ProfileUpdate } from '../../shared/schemas/user';
import { tradeUrlBelongsTo } from '../../shared/steam';
import { audit } from '../audit/auditLog';
import { joinOrBegin } from '../db/transaction';
import { User } from '../entities';
import { badRequest, preconditionFailed } from '../errors';
import { availableBalance } from '../ledger/ledger';

interface Props {
  /** The signed-in user. */
  userId: string;
  /** Validated fields to change. */
  update: ProfileUpdate;
  /** The version the client edited, from If-Match; undefined means unconditional. */
  expectedVersion: number | undefined;
  dataSource: DataSource;
  /** The request's idempotency transaction, when there is one. */
  manager?: EntityManager;
}

/** The saved user and their available balance (the answer shows both, read in the same transaction). */
export async function profileUpdater({ userId, update, expectedVersion, dataSource, manager }: Props): Promise<{ user: User; balanceCents: bigint }> {
  return joinOrBegin(dataSource, manager, async (tx) => {
    const users = tx.getRepository(User);
    const user = await users.findOneOrFail({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
    if (expectedVersion !== undefined && user.version !== expectedVersion) throw preconditionFailed();
    if (update.tradeUrl !== undefined && !tradeUrlBelongsTo(update.tradeUrl, user.steamId)) {
      throw badRequest('This trade URL belongs to a different Steam account', {
        tradeUrl: 'This trade URL belongs to a different Steam account',
      });
    }
    if (update.displayName !== undefined) user.displayName = update.displayName;
    if (update.email !== undefined) user.email = update.email;
    if (update.tradeUrl !== undefined) user.tradeUrl = update.tradeUrl;
    const saved = await users.save(user);
    await audit(tx, { actor: `user:${userId}`, action: 'profile.updated', subjectType: 'user', subjectId: userId, details: { fields: Object.keys(update) } });
    return { user: saved, balanceCents: await availableBalance(tx, userId) };
  });
}
