/**
 * Staff freeze an account (it can sign in and read its data, but cannot buy, sell, withdraw or add
 * payment methods: users/frozenAccounts.ts) or unfreeze it, with a reason. One transaction with the
 * user's row locked, so a freeze waits for the commands already under way on the account; audited
 * (`user.frozen` / `user.unfrozen`) with the reason and the state before and after. Freezing a frozen
 * account or unfreezing one that is not frozen is a 409 and writes nothing.
 *
 * The row is changed by plain SQL: the entity's version column is the customer's profile edits'
 * If-Match, which a freeze must not disturb.
 */
import { type DataSource } from 'typeorm';
import { type Actor, audit } from '../audit/auditLog';
import { inTransaction } from '../db/transaction';
import { User } from '../entities';
import { conflict, notFound } from '../errors';

interface Props {
  userId: string;
  /** True to freeze, false to unfreeze. */
  frozen: boolean;
  /** Required to freeze (it is shown with the account); optional to unfreeze. */
  reason?: string;
  actor: Actor;
  dataSource: DataSource;
}

const stateOf = (user: Pick<User, 'frozenAt' | 'frozenReason'>) => ({ frozenAt: user.frozenAt?.toISOString() ?? null, frozenReason: user.frozenReason });

export async function accountFreezer({ userId, frozen, reason, actor, dataSource }: Props): Promise<User> {
  if (frozen && !reason) throw new Error('accountFreezer: freezing needs a reason');
  return inTransaction(dataSource, async (manager) => {
    const users = manager.getRepository(User);
    const user = await users.findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
    if (!user) throw notFound('User not found');
    if (frozen && user.frozenAt) throw conflict('This account is frozen already', 'already_frozen');
    if (!frozen && !user.frozenAt) throw conflict('This account is not frozen', 'not_frozen');

    const before = stateOf(user);
    const [changed] = (await manager.query(
      'UPDATE users SET frozen_at = CASE WHEN $2 THEN now() END, frozen_reason = CASE WHEN $2 THEN $3 END WHERE id = $1 RETURNING frozen_at',
      [userId, frozen, frozen ? reason : null],
    )) as [Array<{ frozen_at: Date | null }>, number];
    user.frozenAt = changed[0]!.frozen_at;
    user.frozenReason = frozen ? reason! : null;
    await audit(manager, {
      actor,
      action: frozen ? 'user.frozen' : 'user.unfrozen',
      subjectType: 'user',
      subjectId: userId,
      details: { ...(reason ? { reason } : {}), before, after: stateOf(user) },
    });
    return user;
  });
}
