/**
 * JSON shapes of the wallet: payment methods (secrets only ever masked — masking happens here and
 * nowhere else), deposits, withdrawals and ledger history. Money leaves as two-decimal strings.
 */
import { PAYMENT_METHOD_LABELS, type PaymentMethodType } from '../../shared/constants';
import { maskBankAccount, maskCryptoAddress, maskIban } from '../../shared/format';
import { formatMoney } from '../../shared/money';
import {
  type Deposit,
  type NewPaymentMethod,
  type PaymentMethod,
  type WalletTransaction,
  type WithdrawableBalance,
  type Withdrawal,
} from '../../shared/schemas/wallet';
import { type Deposit as DepositRecord, type PaymentMethod as PaymentMethodRecord, type Withdrawal as WithdrawalRecord } from '../entities';
import { type PaymentMethodDetails, type PaymentMethodSecrets } from '../entities/PaymentMethod';
import { type StatementEntry } from '../ledger/statement';

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

export function presentPaymentMethod(row: PaymentMethodRecord): PaymentMethod {
  return {
    id: row.id,
    type: row.type,
    label: PAYMENT_METHOD_LABELS[row.type],
    isDefault: row.isDefault,
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
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentDeposit(row: DepositRecord): Deposit {
  return {
    id: row.id,
    method: row.method,
    amount: formatMoney(row.amountCents),
    status: row.status,
    reference: row.externalReference,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export function presentWithdrawal(row: WithdrawalRecord): Withdrawal {
  return {
    id: row.id,
    amount: formatMoney(row.amountCents),
    status: row.status,
    method: { type: row.methodType, label: PAYMENT_METHOD_LABELS[row.methodType], summary: row.methodSummary },
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentTransaction(entry: StatementEntry): WalletTransaction {
  return {
    id: entry.id,
    kind: entry.kind,
    amount: entry.amount > 0n ? `+${formatMoney(entry.amount)}` : formatMoney(entry.amount),
    balanceAfter: formatMoney(entry.balanceAfter),
    description: entry.description,
    createdAt: entry.createdAt.toISOString(),
  };
}

export function presentWithdrawableBalance(
  amounts: { availableCents: bigint; withdrawableCents: bigint; owedCents: bigint },
  clearingDays: number,
): WithdrawableBalance {
  return {
    balance: formatMoney(amounts.availableCents),
    withdrawableBalance: formatMoney(amounts.withdrawableCents),
    clearingDays,
    owed: formatMoney(amounts.owedCents),
  };
}
