/**
 * The staff console's money answers (overview, withdrawals, deposits), shaped against
 * shared/schemas/staff.ts. Money leaves as two-decimal strings; a withdrawal's destination only as
 * its masked summary (the full one is the audited /destination's alone).
 */
import { formatMoney } from '../../shared/money';
import { type CreditDepositResult, type StaffDeposit, type StaffOverview, type StaffWithdrawal } from '../../shared/schemas/staff';
import { type ManualCredit } from '../commands/manualDepositCreditor';
import { type OverviewFigures } from '../staff/overview';
import { type DepositWithUser } from '../wallet/pendingDeposits';
import { approvalsNeeded, type QueuedWithdrawal } from '../wallet/withdrawalQueue';

export function presentStaffWithdrawal({ withdrawal, user, approvals }: QueuedWithdrawal, options: { fourEyesCents: bigint }): StaffWithdrawal {
  return {
    id: withdrawal.id,
    user,
    amount: formatMoney(withdrawal.amountCents),
    status: withdrawal.status,
    methodSummary: withdrawal.methodSummary,
    note: withdrawal.note,
    payoutReference: withdrawal.payoutReference,
    createdAt: withdrawal.createdAt.toISOString(),
    approvals: approvals.map((approval) => ({ email: approval.approver, at: approval.at.toISOString() })),
    approvalsNeeded: approvalsNeeded(withdrawal.amountCents, options.fourEyesCents),
  };
}

export function presentStaffDeposit({ deposit, user }: DepositWithUser): StaffDeposit {
  return {
    id: deposit.id,
    user: { id: user.id, steamId: user.steamId, displayName: user.displayName, depositReference: user.depositReference },
    method: deposit.method,
    amount: formatMoney(deposit.amountCents),
    status: deposit.status,
    externalReference: deposit.externalReference,
    createdAt: deposit.createdAt.toISOString(),
    completedAt: deposit.completedAt?.toISOString() ?? null,
  };
}

export function presentCreditDepositResult({ deposit, user, credited }: ManualCredit): CreditDepositResult {
  return { credited, deposit: presentStaffDeposit({ deposit, user }) };
}

export function presentStaffOverview(figures: OverviewFigures): StaffOverview {
  return {
    withdrawals: {
      pending: figures.withdrawals.pending,
      pendingAmount: formatMoney(figures.withdrawals.pendingCents),
      awaitingSecondApproval: figures.withdrawals.awaitingSecondApproval,
    },
    deposits: { pending: figures.deposits.pending, pendingAmount: formatMoney(figures.deposits.pendingCents) },
    fees: { today: formatMoney(figures.fees.todayCents), thisMonth: formatMoney(figures.fees.thisMonthCents) },
    listingsByStatus: figures.listingsByStatus,
    holdsEndingToday: figures.holdsEndingToday,
    overdueHolds: figures.overdueHolds,
    bot: figures.bot,
    openSupportItems: figures.openSupportItems,
    ledgerCheck: figures.ledgerCheck && { at: figures.ledgerCheck.checkedAt.toISOString(), sound: figures.ledgerCheck.sound },
  };
}
