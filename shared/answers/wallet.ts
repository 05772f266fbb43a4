/** The answers of the wallet: payment methods, deposits, withdrawals, the balance's movements. */
import { CRYPTO_CURRENCIES, PAYMENT_METHOD_TYPES } from '../constants';
import * as z from './z';
import { isoTime, money, page, signedMoney } from './z';

const paymentMethodType = z.enum(PAYMENT_METHOD_TYPES);

/** A saved payment method: secrets only ever masked. */
export const paymentMethodAnswer = z.object({
  id: z.string(),
  type: paymentMethodType,
  label: z.string(),
  isDefault: z.boolean(),
  paypalEmail: z.nullable(z.string()),
  cryptoCurrency: z.nullable(z.enum(CRYPTO_CURRENCIES)),
  walletAddress: z.nullable(z.string()),
  bankName: z.nullable(z.string()),
  accountHolderName: z.nullable(z.string()),
  iban: z.nullable(z.string()),
  swiftCode: z.nullable(z.string()),
  routingNumber: z.nullable(z.string()),
  accountNumber: z.nullable(z.string()),
  accountType: z.nullable(z.enum(['checking', 'savings'])),
  createdAt: isoTime,
});
export type PaymentMethod = z.infer<typeof paymentMethodAnswer>;

/** GET /api/payment-methods. */
export const paymentMethodsAnswer = z.array(paymentMethodAnswer);
/** DELETE /api/payment-methods/{id}. */
export const paymentMethodDeletedAnswer = z.object({ id: z.string(), deleted: z.literal(true) });

/**
 * GET /api/withdrawals/available. Checkout deposits (card, PayPal) can be spent at once but
 * withdrawn only `clearingDays` after they were paid, while the payer can still take them back.
 */
export const withdrawableBalanceAnswer = z.object({
  /** The available balance. */
  balance: money,
  /** The part of it that can be withdrawn now. */
  withdrawableBalance: money,
  clearingDays: z.number(),
  /** Owed after a chargeback; while above zero nothing can be bought or withdrawn. */
  owed: money,
});
export type WithdrawableBalance = z.infer<typeof withdrawableBalanceAnswer>;

export const WITHDRAWAL_STATUSES = ['requested', 'processing', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const withdrawalAnswer = z.object({
  id: z.string(),
  amount: money,
  status: z.enum(WITHDRAWAL_STATUSES),
  /** The destination as it was when requested, masked. */
  method: z.object({ type: paymentMethodType, label: z.string(), summary: z.string() }),
  note: z.nullable(z.string()),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type Withdrawal = z.infer<typeof withdrawalAnswer>;
export const withdrawalsPageAnswer = page(withdrawalAnswer);

/** 201 answer of POST /api/withdrawals: the request, and the available balance after it. */
export const withdrawalRequestedAnswer = z.object({ withdrawal: withdrawalAnswer, balance: money });
export type WithdrawalRequested = z.infer<typeof withdrawalRequestedAnswer>;

export const DEPOSIT_STATUSES = ['pending', 'completed', 'cancelled', 'failed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const depositAnswer = z.object({
  id: z.string(),
  method: paymentMethodType,
  amount: money,
  status: z.enum(DEPOSIT_STATUSES),
  reference: z.nullable(z.string()),
  createdAt: isoTime,
  completedAt: z.nullable(isoTime),
});
export type Deposit = z.infer<typeof depositAnswer>;
export const depositsPageAnswer = page(depositAnswer);

/** 201 answer of POST /api/deposits: where the payer completes the payment. */
export const depositCheckoutAnswer = z.object({ depositId: z.string(), checkoutUrl: z.string() });
export type DepositCheckout = z.infer<typeof depositCheckoutAnswer>;

/**
 * `chargeback`: the payment provider took a deposit back (refund or dispute); `debt`: the part of
 * a chargeback the balance did not cover, owed until repaid; `debt_repayment`: money credited
 * later that went to that debt first; `chargeback_reversal`: a dispute ruled in the user's favour
 * gave back what it took. `buy_order`: a bid's price × quantity set aside in its reserve;
 * `buy_order_fill`: a unit filled below the bid, the difference back; `buy_order_release`: what a
 * cancelled bid still held, back.
 */
export const LEDGER_KINDS = [
  'deposit',
  'withdrawal',
  'withdrawal_reversal',
  'purchase',
  'sale_payout',
  'refund',
  'chargeback',
  'debt',
  'debt_repayment',
  'chargeback_reversal',
  'buy_order',
  'buy_order_fill',
  'buy_order_release',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One movement of the user's available balance (GET /api/transactions). */
export const walletTransactionAnswer = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed: "+25.00" credits, "-10.00" debits. */
  amount: signedMoney,
  balanceAfter: money,
  description: z.string(),
  createdAt: isoTime,
});
export type WalletTransaction = z.infer<typeof walletTransactionAnswer>;
export const transactionsPageAnswer = page(walletTransactionAnswer);
