/**
 * Users as the staff console shows them (shared/schemas/staff.ts): a search result, and a user's
 * record. Payment methods and withdrawals appear masked, as the user sees them in the PWA.
 */
import { formatMoney } from '../../shared/money';
import { type StaffUserDetail, type StaffUserSummary } from '../../shared/schemas/staff';
import { type UserRecord, type UserWithBalance } from '../staff/userRecords';
import { destinationSummary, presentTransaction } from './wallet';

/** The name staff see: the profile's display name, else the Steam name (most users never set one). */
export const shownName = (user: { displayName: string; username: string }) => user.displayName.trim() || user.username;

export function presentStaffUserSummary({ user, balanceCents }: UserWithBalance): StaffUserSummary {
  return {
    id: user.id,
    steamId: user.steamId,
    displayName: shownName(user),
    email: user.email,
    depositReference: user.depositReference,
    balance: formatMoney(balanceCents),
    frozen: user.frozenAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

export function presentStaffUserDetail(record: UserRecord): StaffUserDetail {
  const { user } = record;
  return {
    ...presentStaffUserSummary(record),
    avatar: user.avatar,
    tradeUrl: user.tradeUrl,
    frozenAt: user.frozenAt?.toISOString() ?? null,
    frozenReason: user.frozenReason,
    lastLoginAt: user.lastLoginAt.toISOString(),
    ledger: record.ledger.map((entry) => {
      const { id, kind, amount, description, createdAt } = presentTransaction(entry);
      return { id, kind, amount, description, createdAt };
    }),
    listings: record.listings.map((listing) => ({
      id: listing.id,
      name: listing.name,
      price: formatMoney(listing.priceCents),
      status: listing.status,
      sold: listing.soldAt !== null,
      createdAt: listing.createdAt.toISOString(),
    })),
    orders: record.orders.map(({ order, items, status }) => ({
      id: order.id,
      total: formatMoney(order.totalCents),
      status,
      items,
      createdAt: order.createdAt.toISOString(),
    })),
    withdrawals: record.withdrawals.map((withdrawal) => ({
      id: withdrawal.id,
      amount: formatMoney(withdrawal.amountCents),
      status: withdrawal.status,
      methodSummary: withdrawal.methodSummary,
      createdAt: withdrawal.createdAt.toISOString(),
    })),
    paymentMethods: record.paymentMethods.map((method) => ({
      id: method.id,
      type: method.type,
      summary: destinationSummary(method.type, method.details, method.masked),
      isDefault: method.isDefault,
    })),
  };
}
