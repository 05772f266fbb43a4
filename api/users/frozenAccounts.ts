/**
 * Frozen accounts (staff freeze them from the console, commands/accountFreezer.ts): the account can
 * sign in and read its data, but every command that buys, lists, withdraws or adds a payment method
 * refuses it with 403 `account_frozen`, checked inside that command's transaction.
 *
 * The freeze locks the user's row FOR UPDATE; a command reads the row FOR SHARE (or FOR UPDATE where
 * it locks the row anyway), so a freeze waits for commands already under way and every command that
 * starts after it sees it: once a freeze has answered, nothing more is bought, listed, withdrawn or
 * added.
 */
import { type EntityManager } from 'typeorm';
import { ACCOUNT_FROZEN_MESSAGE } from '../../shared/constants';
import { User } from '../entities';
import { forbidden } from '../errors';

export const accountFrozen = () => forbidden(ACCOUNT_FROZEN_MESSAGE, 'account_frozen');

/** For a command that has the user's row already (read or locked in its transaction). */
export function refuseIfFrozen(user: Pick<User, 'frozenAt'>): void {
  if (user.frozenAt !== null) throw accountFrozen();
}

/** Reads the user's row FOR SHARE in the caller's transaction and refuses a frozen account. */
export async function assertNotFrozen(manager: EntityManager, userId: string): Promise<void> {
  const user = await manager.getRepository(User).findOneOrFail({ select: { id: true, frozenAt: true }, where: { id: userId }, lock: { mode: 'pessimistic_read' } });
  refuseIfFrozen(user);
}
