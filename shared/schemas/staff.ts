/**
 * The staff console's contract: who may do what, the requests the console sends and the answers it
 * reads under /api/staff. The server checks every route against STAFF_ABILITIES; the console shows
 * only the sections a staff member's roles open. Money travels as two-decimal strings, as in the
 * rest of the API.
 *
 * Routes (ability in brackets):
 *   GET  /staff/auth/login[?returnTo=/staff/…]  → 302 to the provider; back at /staff (or returnTo),
 *        or /staff?signin=failed | /staff?signin=no_role
 *   POST /staff/auth/logout                     → {redirect}: the provider's end-session URL or /staff
 *   GET  /api/staff/me                          → StaffMe (any staff)
 *   GET  /api/staff/overview                    → StaffOverview [overview.read]
 *   GET  /api/staff/withdrawals?status=         → {items: StaffWithdrawal[]} oldest first; default requested + processing [withdrawals.read]
 *   GET  /api/staff/withdrawals/{id}/destination → WithdrawalDestination, audited [withdrawals.act]
 *   POST /api/staff/withdrawals/{id}/approve    → StaffWithdrawal [withdrawals.act]
 *   POST /api/staff/withdrawals/{id}/reject {reason}   → StaffWithdrawal [withdrawals.act]
 *   POST /api/staff/withdrawals/{id}/paid {reference}  → StaffWithdrawal [withdrawals.act]
 *   GET  /api/staff/deposits/pending            → {items: StaffDeposit[]} [deposits.read]
 *   POST /api/staff/deposits/credit {steamId, amount, reference, method} → CreditDepositResult [deposits.credit]
 *   GET  /api/staff/users?q=                    → {items: StaffUserSummary[]} [users.read]
 *   GET  /api/staff/users/{id}                  → StaffUserDetail [users.read]
 *   POST /api/staff/users/{id}/freeze {reason}  → StaffUserDetail [users.act]
 *   POST /api/staff/users/{id}/unfreeze {reason?} → StaffUserDetail [users.act]
 *   GET  /api/staff/market/attention            → {items: StaffAttentionListing[]} [market.read]
 *   POST /api/staff/market/listings/{id}/cancel-lost {reason} → {refunded: string | null} [market.act]
 *   POST /api/staff/market/order-items/{id}/retry-delivery {reason} → {status} [market.act]
 *   GET  /api/staff/market/featured             → {items: StaffFeaturedListing[]} [market.read]
 *   POST /api/staff/market/listings/{id}/featured {featured, reason?} → StaffFeaturedListing [market.act]
 *   GET  /api/staff/support?status=             → {items: SupportItem[]} newest first [support.read]
 *   POST /api/staff/support/{type}/{id} {status?, assignee?} → SupportItem [support.act]
 *   POST /api/staff/support/{type}/{id}/notes {body} → SupportItem [support.act]
 *   GET  /api/staff/audit?actor=&subject=&action=&cursor= → {items: AuditEntry[], nextCursor} [audit.read]
 */
import { isSteamId64 } from '../steam';
import { multilineText, text, z } from './zod';
import { moneyAmount } from './money';

export const STAFF_ROLES = ['support', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Roles are not ranks: an admin acts on users and the market and reads the audit log, but moves no
 * money; finance pays and credits; support reads and answers. Reading a user is open to every role
 * (finance matches transfers to people, support answers them).
 */
export const STAFF_ABILITIES = {
  'overview.read': ['support', 'finance', 'admin'],
  'withdrawals.read': ['finance'],
  'withdrawals.act': ['finance'],
  'deposits.read': ['finance'],
  'deposits.credit': ['finance'],
  'users.read': ['support', 'finance', 'admin'],
  'users.act': ['admin'],
  'market.read': ['support', 'admin'],
  'market.act': ['admin'],
  'support.read': ['support', 'admin'],
  'support.act': ['support', 'admin'],
  'audit.read': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffAbility = keyof typeof STAFF_ABILITIES;

export function staffCan(roles: readonly StaffRole[], ability: StaffAbility): boolean {
  return roles.some((role) => (STAFF_ABILITIES[ability] as readonly StaffRole[]).includes(role));
}

/** GET /api/staff/me */
export const staffMeSchema = z.object({ email: z.string(), name: z.string(), roles: z.array(z.enum(STAFF_ROLES)) });
export type StaffMe = z.infer<typeof staffMeSchema>;

/** POST /staff/auth/logout: where the browser goes next (the provider's end-session URL, or /staff). */
export const staffLogoutSchema = z.object({ redirect: z.string() });
export type StaffLogout = z.infer<typeof staffLogoutSchema>;

const reason = text().min(1, 'Please give a reason').max(500, 'Must be at most 500 characters');

// ---- Withdrawals -------------------------------------------------------------------------------

export const STAFF_WITHDRAWAL_STATUSES = ['requested', 'processing', 'paid', 'rejected'] as const;
export const staffWithdrawalsQuerySchema = z.object({
  status: z.enum(STAFF_WITHDRAWAL_STATUSES).optional(),
});
export const rejectWithdrawalSchema = z.strictObject({ reason });
export const paidWithdrawalSchema = z.strictObject({
  reference: text().min(1, 'Please enter the payout reference').max(200, 'Must be at most 200 characters'),
});

export const staffWithdrawalSchema = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), steamId: z.string(), displayName: z.string() }),
  amount: z.string(),
  status: z.enum(STAFF_WITHDRAWAL_STATUSES),
  /** The masked destination ("PayPal j***@example.com"); the full one only through /destination. */
  methodSummary: z.string(),
  note: z.string().nullable(),
  payoutReference: z.string().nullable(),
  createdAt: z.string(),
  /** Who approved it so far (e-mails), oldest first. */
  approvals: z.array(z.object({ email: z.string(), at: z.string() })),
  /** Approvals it needs before it can be paid: 2 above the four-eyes threshold, else 1. */
  approvalsNeeded: z.number(),
});
export type StaffWithdrawal = z.infer<typeof staffWithdrawalSchema>;
/** GET /api/staff/withdrawals?status */
export const staffWithdrawalListSchema = z.object({ items: z.array(staffWithdrawalSchema) });

/** GET /api/staff/withdrawals/{id}/destination: the decrypted payout details (audited). */
export const withdrawalDestinationSchema = z.record(z.string(), z.string());

// ---- Deposits ----------------------------------------------------------------------------------

/** How money arrives that finance credits by hand: the payment method types with no hosted checkout. */
export const MANUAL_DEPOSIT_METHODS = ['bank_wire_usa', 'iban_sepa', 'crypto'] as const;
export type ManualDepositMethod = (typeof MANUAL_DEPOSIT_METHODS)[number];
export const creditDepositSchema = z.strictObject({
  steamId: z.string().refine(isSteamId64, 'Please enter a SteamID64'),
  amount: moneyAmount({ min: 1n, max: 100_000_000n, invalidMessage: 'Please enter a valid amount' }),
  reference: text().min(1, 'Please enter the transfer reference').max(200, 'Must be at most 200 characters'),
  method: z.enum(MANUAL_DEPOSIT_METHODS, { error: 'Please choose how the money came' }),
});

export const staffDepositSchema = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), steamId: z.string(), displayName: z.string(), depositReference: z.string() }),
  method: z.string(),
  amount: z.string(),
  status: z.string(),
  externalReference: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type StaffDeposit = z.infer<typeof staffDepositSchema>;
/** GET /api/staff/deposits/pending */
export const staffDepositListSchema = z.object({ items: z.array(staffDepositSchema) });

/** 201 when credited now; 200 with `credited: false` when this reference was already credited the same way. */
export const creditDepositResultSchema = z.object({ credited: z.boolean(), deposit: staffDepositSchema });
export type CreditDepositResult = z.infer<typeof creditDepositResultSchema>;

// ---- Users -------------------------------------------------------------------------------------

export const staffUserSearchSchema = z.object({ q: text().min(1, 'Please enter something to search for').max(200) });
export const freezeUserSchema = z.strictObject({ reason });
export const unfreezeUserSchema = z.strictObject({ reason: reason.optional() });

export const staffUserSummarySchema = z.object({
  id: z.string(),
  steamId: z.string(),
  displayName: z.string(),
  email: z.string(),
  depositReference: z.string(),
  balance: z.string(),
  frozen: z.boolean(),
  createdAt: z.string(),
});
export type StaffUserSummary = z.infer<typeof staffUserSummarySchema>;
/** GET /api/staff/users?q */
export const staffUserListSchema = z.object({ items: z.array(staffUserSummarySchema) });

export const staffUserDetailSchema = staffUserSummarySchema.extend({
  avatar: z.string(),
  tradeUrl: z.string(),
  frozenAt: z.string().nullable(),
  frozenReason: z.string().nullable(),
  lastLoginAt: z.string(),
  ledger: z.array(z.object({ id: z.string(), kind: z.string(), amount: z.string(), description: z.string(), createdAt: z.string() })),
  listings: z.array(z.object({ id: z.string(), name: z.string(), price: z.string(), status: z.string(), sold: z.boolean(), createdAt: z.string() })),
  orders: z.array(z.object({ id: z.string(), total: z.string(), status: z.string(), items: z.number(), createdAt: z.string() })),
  withdrawals: z.array(z.object({ id: z.string(), amount: z.string(), status: z.string(), methodSummary: z.string(), createdAt: z.string() })),
  /** Masked as the user sees them in the PWA. */
  paymentMethods: z.array(z.object({ id: z.string(), type: z.string(), summary: z.string(), isDefault: z.boolean() })),
});
export type StaffUserDetail = z.infer<typeof staffUserDetailSchema>;

// ---- Market ------------------------------------------------------------------------------------

export const ATTENTION_REASONS = ['overdue_hold', 'item_lost', 'reversed', 'failing_delivery'] as const;
export const staffAttentionListingSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.string(),
  status: z.string(),
  sold: z.boolean(),
  reason: z.enum(ATTENTION_REASONS),
  /** Plain words for the console: "Hold ended 3 h ago; the bot has not delivered". */
  detail: z.string(),
  seller: z.object({ id: z.string(), steamId: z.string(), displayName: z.string() }),
  holdEndTime: z.string().nullable(),
  /** The actions open to it: 'cancel_lost' (refunds a buyer), 'retry_delivery'. */
  actions: z.array(z.enum(['cancel_lost', 'retry_delivery'])),
  /** The order item a delivery retry acts on, when there is one. */
  orderItemId: z.string().nullable(),
});
export type StaffAttentionListing = z.infer<typeof staffAttentionListingSchema>;
/** GET /api/staff/market/attention */
export const staffAttentionListSchema = z.object({ items: z.array(staffAttentionListingSchema) });
/** POST /api/staff/market/listings/{id}/cancel-lost: what the buyer got back, if it was sold. */
export const cancelLostResultSchema = z.object({ refunded: z.string().nullable() });
/** POST /api/staff/market/order-items/{id}/retry-delivery */
export const retryDeliveryResultSchema = z.object({ status: z.string() });
export const staffFeaturedListingSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.string(),
  status: z.string(),
  featured: z.boolean(),
  /** On sale now, so the landing page shows it. */
  available: z.boolean(),
});
export type StaffFeaturedListing = z.infer<typeof staffFeaturedListingSchema>;
/** GET /api/staff/market/featured */
export const staffFeaturedListSchema = z.object({ items: z.array(staffFeaturedListingSchema) });
export const featureListingSchema = z.strictObject({ featured: z.boolean(), reason: reason.optional() });
export const marketActionSchema = z.strictObject({ reason });

// ---- Support inbox -----------------------------------------------------------------------------

export const SUPPORT_ITEM_TYPES = ['contact_message', 'issue_report'] as const;
export const SUPPORT_STATUSES = ['open', 'closed'] as const;
export const supportInboxQuerySchema = z.object({ status: z.enum(SUPPORT_STATUSES).optional() });
export const supportItemUpdateSchema = z
  .strictObject({
    status: z.enum(SUPPORT_STATUSES).optional(),
    /** A staff e-mail, or null to unassign. */
    assignee: z.email({ error: 'Please enter a staff e-mail' }).max(254).nullable().optional(),
  })
  .refine((update) => update.status !== undefined || update.assignee !== undefined, 'Nothing to change');
export const supportNoteSchema = z.strictObject({ body: multilineText().min(1, 'Please write the note').max(5000, 'Must be at most 5000 characters') });

export const supportItemSchema = z.object({
  type: z.enum(SUPPORT_ITEM_TYPES),
  id: z.string(),
  /** The subject of a message, the title of a report. */
  title: z.string(),
  from: z.object({ name: z.string().nullable(), email: z.string(), steamId: z.string().nullable() }),
  /** Category or "severity · issue type". */
  label: z.string(),
  body: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  assignee: z.string().nullable(),
  createdAt: z.string(),
  notes: z.array(z.object({ id: z.string(), author: z.string(), body: z.string(), createdAt: z.string() })),
});
export type SupportItem = z.infer<typeof supportItemSchema>;
/** GET /api/staff/support?status */
export const supportItemListSchema = z.object({ items: z.array(supportItemSchema) });

// ---- Audit log ---------------------------------------------------------------------------------

export const auditQuerySchema = z.object({
  actor: text().max(300).optional(),
  subject: text().max(300).optional(),
  action: text().max(100).optional(),
  cursor: z.string().max(200).optional(),
});
export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** GET /api/staff/audit: newest first, keyset-paged. */
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() });

// ---- Overview ----------------------------------------------------------------------------------

export const staffOverviewSchema = z.object({
  withdrawals: z.object({ pending: z.number(), pendingAmount: z.string(), awaitingSecondApproval: z.number() }),
  deposits: z.object({ pending: z.number(), pendingAmount: z.string() }),
  fees: z.object({ today: z.string(), thisMonth: z.string() }),
  listingsByStatus: z.record(z.string(), z.number()),
  holdsEndingToday: z.number(),
  overdueHolds: z.number(),
  bot: z.object({ online: z.boolean(), lastSeenAt: z.string().nullable() }),
  openSupportItems: z.number(),
  ledgerCheck: z.object({ at: z.string(), sound: z.boolean() }).nullable(),
});
export type StaffOverview = z.infer<typeof staffOverviewSchema>;
