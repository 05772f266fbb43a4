/**
 * The withdraw form's pure parts: its values, the schema that turns them into the
 * POST /api/withdrawals body (the shared withdrawalAmountSchema and paymentMethodInputSchema, so
 * the page and the API speak the same messages, plus the checks against the real balance and the
 * part of it that can be withdrawn now), and the mapping of the server's field errors and of a
 * saved method's masked details onto the form.
 */
import { z } from '../../../../shared/schemas/zod';
import { MIN_WITHDRAWAL_CENTS, PAYMENT_METHOD_TYPES, type PaymentMethodType } from '../../../../shared/constants';
import { maskBankAccount, maskCryptoAddress, maskIban } from '../../../../shared/format';
import { formatMoney, formatUsd } from '../../../../shared/money';
import {
  notYetWithdrawableMessage,
  paymentMethodInputSchema,
  withdrawalAmountSchema,
  type PaymentMethod,
} from '../../../../shared/schemas/wallet';
import { ApiError } from '../../api/client';
import {
  ACCOUNT_TYPE_LABELS,
  CRYPTO_CURRENCY_LABELS,
  ROUTING_NUMBER_LENGTH,
  SWIFT_MAX_LENGTH,
} from '../../components/wallet/paymentMethodLabels';
import type { RequestWithdrawalInput } from '../../queries/wallet';

/** The minimum withdrawal, '$10.00'. */
export const MIN_WITHDRAWAL = formatUsd(BigInt(MIN_WITHDRAWAL_CENTS));
/** An amount above the balance; checked against the real balance, not zero. */
export const BALANCE_NOT_ENOUGH = 'Balance not enough - Top up balance';
const SELECT_METHOD = 'Please select a payment method';
/** A saved method's radio value is `saved_{id}`. */
const SAVED_PREFIX = 'saved_';
export const ACCOUNT_NUMBER_MAX_LENGTH = 17;
/** Enough for any amount the server accepts ("10000000000.00"). */
export const AMOUNT_MAX_LENGTH = 14;

/** The fields each type of new method fills, in the order the form shows them. */
export const METHOD_FIELDS = {
  paypal: ['paypalEmail'],
  crypto: ['cryptoCurrency', 'walletAddress'],
  bank_wire_usa: ['bankName', 'accountHolderName', 'routingNumber', 'accountNumber', 'accountType'],
  iban_sepa: ['accountHolderName', 'iban', 'swiftCode', 'bankName'],
} as const satisfies Record<PaymentMethodType, readonly string[]>;

export type WithdrawFormValues = {
  /** `saved_{id}` for a saved method, else the new method's type. */
  destination: string;
  amount: string;
  paypalEmail: string;
  cryptoCurrency: string;
  walletAddress: string;
  bankName: string;
  accountHolderName: string;
  routingNumber: string;
  accountNumber: string;
  accountType: string;
  iban: string;
  swiftCode: string;
};

export type MethodFieldName = Exclude<keyof WithdrawFormValues, 'destination' | 'amount'>;

export const EMPTY_FORM: WithdrawFormValues = {
  destination: 'paypal',
  amount: '',
  paypalEmail: '',
  cryptoCurrency: '',
  walletAddress: '',
  bankName: '',
  accountHolderName: '',
  routingNumber: '',
  accountNumber: '',
  accountType: 'checking',
  iban: '',
  swiftCode: '',
};

export function isPaymentMethodType(value: string): value is PaymentMethodType {
  return (PAYMENT_METHOD_TYPES as readonly string[]).includes(value);
}

/** The destination radio value of a saved method. */
export function savedDestination(id: string): string {
  return `${SAVED_PREFIX}${id}`;
}

/** The saved method the destination names, if it names one of these. */
export function savedMethodFor(destination: string, methods: readonly PaymentMethod[]): PaymentMethod | undefined {
  if (!destination.startsWith(SAVED_PREFIX)) return undefined;
  return methods.find((method) => savedDestination(method.id) === destination);
}

/** The part of the balance that can be withdrawn now (checkout deposits clear after `clearingDays`). */
export interface Withdrawable {
  cents: bigint;
  clearingDays: number;
}

/**
 * The form's schema: the amount by withdrawalAmountSchema, then against the available balance
 * ('Balance not enough - Top up balance') and against what can be withdrawn now, when known; the
 * destination a saved method or a new one checked by paymentMethodInputSchema. Every failing field
 * gets its message at once. The output is the request body.
 */
export function withdrawFormSchema(balanceCents: bigint, savedIds: ReadonlySet<string>, withdrawable?: Withdrawable) {
  const text = (max: number) => z.string().max(max);
  return z
    .object({
      destination: z.string(),
      amount: text(AMOUNT_MAX_LENGTH),
      paypalEmail: text(254),
      cryptoCurrency: z.string(),
      walletAddress: text(100),
      bankName: text(100),
      accountHolderName: text(100),
      routingNumber: text(ROUTING_NUMBER_LENGTH),
      accountNumber: text(ACCOUNT_NUMBER_MAX_LENGTH),
      accountType: z.string(),
      iban: text(50),
      swiftCode: text(SWIFT_MAX_LENGTH),
    })
    .transform((values, ctx): RequestWithdrawalInput => {
      const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });

      let amount: string | null = null;
      const parsedAmount = withdrawalAmountSchema.safeParse(values.amount.trim());
      if (!parsedAmount.success) fail('amount', parsedAmount.error.issues[0]?.message ?? 'Please enter a valid withdrawal amount');
      else if (parsedAmount.data > balanceCents) fail('amount', BALANCE_NOT_ENOUGH);
      else if (withdrawable && parsedAmount.data > withdrawable.cents) {
        fail('amount', notYetWithdrawableMessage(formatUsd(withdrawable.cents), withdrawable.clearingDays));
      } else amount = formatMoney(parsedAmount.data);

      let destination: { paymentMethodId: string } | { method: z.output<typeof paymentMethodInputSchema> } | null = null;
      if (values.destination.startsWith(SAVED_PREFIX)) {
        const id = values.destination.slice(SAVED_PREFIX.length);
        if (savedIds.has(id)) destination = { paymentMethodId: id };
        else fail('destination', SELECT_METHOD);
      } else if (isPaymentMethodType(values.destination)) {
        const type = values.destination;
        const fields = Object.fromEntries(METHOD_FIELDS[type].map((name) => [name, values[name]]));
        const method = paymentMethodInputSchema.safeParse({ type, ...fields });
        if (method.success) destination = { method: method.data };
        else for (const issue of method.error.issues) fail(String(issue.path[0] ?? 'destination'), issue.message);
      } else {
        fail('destination', SELECT_METHOD);
      }

      if (amount === null || destination === null) return z.NEVER;
      return { amount, ...destination };
    });
}

/** The server names a new method's fields `method.<field>`; the form knows them by `<field>`. */
export function withFlatFieldNames(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.body.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.body.fields).map(([path, message]) => [path.replace(/^method\./, ''), message]),
  );
  if (fields.paymentMethodId) fields.destination ??= fields.paymentMethodId;
  return new ApiError(error.status, error.detail, { ...error.body, fields });
}

/** A saved method's masked details in the form's fields, for the read-only view. */
export function savedMethodValues(method: PaymentMethod): Partial<Record<MethodFieldName, string>> {
  return {
    paypalEmail: method.paypalEmail ?? '',
    cryptoCurrency: method.cryptoCurrency ? CRYPTO_CURRENCY_LABELS[method.cryptoCurrency] : '',
    walletAddress: method.walletAddress ? maskCryptoAddress(method.walletAddress) : '',
    bankName: method.bankName ?? '',
    accountHolderName: method.accountHolderName ?? '',
    routingNumber: method.routingNumber ? maskBankAccount(method.routingNumber) : '',
    accountNumber: method.accountNumber ? maskBankAccount(method.accountNumber) : '',
    accountType: method.accountType ? ACCOUNT_TYPE_LABELS[method.accountType] : '',
    iban: method.iban ? maskIban(method.iban) : '',
    swiftCode: method.swiftCode ?? '',
  };
}

/** Labels of the read-only fields of a saved method. */
export const SAVED_FIELD_LABELS: Record<MethodFieldName, string> = {
  paypalEmail: 'PayPal Email',
  cryptoCurrency: 'Cryptocurrency',
  walletAddress: 'Wallet Address',
  bankName: 'Bank Name',
  accountHolderName: 'Account Holder Name',
  routingNumber: 'Routing Number',
  accountNumber: 'Account Number',
  accountType: 'Account Type',
  iban: 'IBAN',
  swiftCode: 'SWIFT/BIC',
};
