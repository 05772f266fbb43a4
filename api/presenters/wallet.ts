/**
 * JSON shapes of the wallet: payment methods (secrets only ever masked — masking happens here and
 * nowhere else), deposits, withdrawals and ledger history. Money leaves as two-decimal strings.
 */
import { PAYMENT_METHOD_LABELS, type PaymentMethodType } from '../../shared/constants';
import { maskBankAccount, maskCryptoAddress, maskIban } from '../../shared/format';
import { formatMoney } from '../../shared/money';
import {
  type Deposit,
  type DepositStatus,
  type LedgerKind,
  type NewPaymentMethod,
  type PaymentMethod,
  type WalletTransaction,
  type Withdrawal,
  type WithdrawalStatus,
} from '../../shared/schemas/wallet';

/** The secret fields of a payment method: encrypted at rest, never answered in full. */
export interface PaymentMethodSecrets {
  paypalEmail?: string;
  walletAddress?: string;
  iban?: string;
  swiftCode?: string;
  routingNumber?: string;
  accountNumber?: string;
}

/** The non-secret fields, stored as they are. */
export interface PaymentMethodDetails {
  bankName?: string;
  accountHolderName?: string;
  cryptoCurrency?: 'bitcoin' | 'ethereum' | 'litecoin';
  accountType?: 'checking' | 'savings';
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

export function maskSecrets(secrets: PaymentMethodSecrets): PaymentMethodSecrets {
  return {
    ...(secrets.paypalEmail ? { paypalEmail: maskEmail(secrets.paypalEmail) } : {}),
    ...(secrets.walletAddress ? { walletAddress: maskCryptoAddress(secrets.walletAddress) } : {}),
    ...(secrets.iban ? { iban: maskIban(secrets.iban) } : {}),
    ...(secrets.swiftCode ? { swiftCode: `${secrets.swiftCode.slice(0, 4)}${'*'.repeat(secrets.swiftCode.length - 4)}` } : {}),
    ...(secrets.routingNumber ? { routingNumber: maskBankAccount(secrets.routingNumber) } : {}),
    ...(secrets.accountNumber ? { accountNumber: maskBankAccount(secrets.accountNumber) } : {}),
  };
}

/** Splits a validated new method into what is encrypted and what is stored plainly. */
export function splitPaymentMethod(method: NewPaymentMethod): { secrets: PaymentMethodSecrets; details: PaymentMethodDetails } {
  switch (method.type) {
    case 'paypal':
      return { secrets: { paypalEmail: method.paypalEmail }, details: {} };
    case 'crypto':
      return { secrets: { walletAddress: method.walletAddress }, details: { cryptoCurrency: method.cryptoCurrency } };
    case 'bank_wire_usa':
      return {
        secrets: { routingNumber: method.routingNumber, accountNumber: method.accountNumber },
        details: { bankName: method.bankName, accountHolderName: method.accountHolderName, accountType: method.accountType },
      };
    case 'iban_sepa':
      return {
        secrets: { iban: method.iban, swiftCode: method.swiftCode },
        details: { accountHolderName: method.accountHolderName, ...(method.bankName ? { bankName: method.bankName } : {}) },
      };
  }
}

const CRYPTO_LABELS = { bitcoin: 'Bitcoin', ethereum: 'Ethereum', litecoin: 'Litecoin' } as const;

/** One line naming a destination, e.g. "IBAN / SEPA · DE****3000" (for withdrawals). */
export function destinationSummary(type: PaymentMethodType, details: PaymentMethodDetails, masked: PaymentMethodSecrets): string {
  const label = PAYMENT_METHOD_LABELS[type];
  switch (type) {
    case 'paypal':
      return `${label} · ${masked.paypalEmail}`;
    case 'crypto':
      return `${CRYPTO_LABELS[details.cryptoCurrency!]} · ${masked.walletAddress}`;
    case 'bank_wire_usa':
      return `${label} · ${details.bankName} ${masked.accountNumber}`;
    case 'iban_sepa':
      return `${label} · ${masked.iban}`;
  }
}

export interface PaymentMethodRow {
  id: string;
  type: PaymentMethodType;
  is_default: boolean;
  details: PaymentMethodDetails;
  masked: PaymentMethodSecrets;
  created_at: Date;
}

export function presentPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    type: row.type,
    label: PAYMENT_METHOD_LABELS[row.type],
    isDefault: row.is_default,
    paypalEmail: row.masked.paypalEmail ?? null,
    cryptoCurrency: row.details.cryptoCurrency ?? null,
    walletAddress: row.masked.walletAddress ?? null,
    bankName: row.details.bankName ?? null,
    accountHolderName: row.details.accountHolderName ?? null,
    iban: row.masked.iban ?? null,
    swiftCode: row.masked.swiftCode ?? null,
    routingNumber: row.masked.routingNumber ?? null,
    accountNumber: row.masked.accountNumber ?? null,
    accountType: row.details.accountType ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export interface DepositRow {
  id: string;
  method: PaymentMethodType;
  amount_cents: string;
  status: DepositStatus;
  external_reference: string | null;
  created_at: Date;
  completed_at: Date | null;
}

export function presentDeposit(row: DepositRow): Deposit {
  return {
    id: row.id,
    method: row.method,
    amount: formatMoney(BigInt(row.amount_cents)),
    status: row.status,
    reference: row.external_reference,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

export interface WithdrawalRow {
  id: string;
  amount_cents: string;
  status: WithdrawalStatus;
  method_type: PaymentMethodType;
  method_summary: string;
  note: string | null;
  created_at: Date;
  updated_at: Date;
}

export function presentWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amount: formatMoney(BigInt(row.amount_cents)),
    status: row.status,
    method: { type: row.method_type, label: PAYMENT_METHOD_LABELS[row.method_type], summary: row.method_summary },
    note: row.note,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export interface LedgerEntryRow {
  id: string;
  kind: LedgerKind;
  description: string;
  amount: string;
  balance_after: string;
  created_at: Date;
}

export function presentTransaction(row: LedgerEntryRow): WalletTransaction {
  const amount = BigInt(row.amount);
  return {
    id: row.id,
    kind: row.kind,
    amount: amount > 0n ? `+${formatMoney(amount)}` : formatMoney(amount),
    balanceAfter: formatMoney(BigInt(row.balance_after)),
    description: row.description,
    createdAt: row.created_at.toISOString(),
  };
}
