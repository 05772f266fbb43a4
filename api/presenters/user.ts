import { formatMoney } from '../../shared/money';
import { type CurrentUser } from '../../shared/schemas/user';
import { type User } from '../entities';

/** The signed-in user as GET /api/user answers it; the balance comes from the ledger. */
export function presentUser(user: User, balanceCents: bigint): CurrentUser {
  return {
    steamId: user.steamId,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    tradeUrl: user.tradeUrl,
    avatar: user.avatar,
    profileUrl: user.profileUrl,
    balance: formatMoney(balanceCents),
    depositReference: user.depositReference,
    version: user.version,
    createdAt: user.createdAt.toISOString(),
  };
}
