/**
 * The wallet's contract (docs/adr/0019-withdrawals.md, 0020-payment-methods-encrypted-and-masked.md): payment methods
 * with the forms' validation messages, deposits, withdrawals and the ledger history. Money
 * travels as two-decimal strings and becomes integer cents (bigint) only through shared/money.
 */
import { text, z } from './zod';
import { CRYPTO_CURRENCIES, MIN_WITHDRAWAL_CENTS, PAYMENT_METHOD_TYPES } from '../constants';
import { moneyAmount, depositAmountSchema } from './money';
import { EMAIL_PATTERN } from './user';

export const BITCOIN_ADDRESS = /^(?=[a-zA-Z0-9]{25,62}$)(1|3|bc1)/;
export const ETHEREUM_ADDRESS = /^0x[a-fA-F0-9]{40}$/;
export const LITECOIN_ADDRESS = /^(?=[a-zA-Z0-9]{25,62}$)(L|M|ltc1)/;
export const ROUTING_NUMBER = /^\d{9}$/;
export const ACCOUNT_NUMBER = /^\d{4,17}$/;
export const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
export const SWIFT_BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** IBANs are typed with spaces and in any case; they are stored and checked compact, upper case. */
export const normalizeIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

const field = (max: number) => text().max(max, `Must be at most ${max} characters`);

/**
 * POST /api/payment-methods. The form sends every field of every type (empty strings for
 * the others), so the body is one strict object and the type decides which fields count.
 */
export const paymentMethodInputSchema = z
  .strictObject({
    type: z.enum(PAYMENT_METHOD_TYPES, { error: 'Please select a payment method type' }),
    isDefault: z.boolean().optional(),
    paypalEmail: field(254).optional(),
    cryptoCurrency: z.union([z.enum(CRYPTO_CURRENCIES), z.literal('')]).optional(),
    walletAddress: field(100).optional(),
    bankName: field(100).optional(),
    accountHolderName: field(100).optional(),
    iban: field(50).optional(),
    routingNumber: field(20).optional(),
    accountNumber: field(30).optional(),
    accountType: z.union([z.enum(['checking', 'savings']), z.literal('')]).optional(),
    swiftCode: field(20).optional(),
  })
  .transform((input, ctx) => {
    const fail = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
      return z.NEVER;
    };
    switch (input.type) {
      case 'paypal': {
        const paypalEmail = input.paypalEmail ?? '';
        if (!EMAIL_PATTERN.test(paypalEmail)) return fail('paypalEmail', 'Please enter a valid PayPal email address');
        return { type: 'paypal' as const, isDefault: input.isDefault ?? false, paypalEmail };
      }
      case 'crypto': {
        const cryptoCurrency = input.cryptoCurrency || undefined;
        const walletAddress = input.walletAddress ?? '';
        if (!cryptoCurrency) return fail('cryptoCurrency', 'Please select a cryptocurrency');
        if (!walletAddress) return fail('walletAddress', 'Please enter a wallet address');
        const valid = { bitcoin: BITCOIN_ADDRESS, ethereum: ETHEREUM_ADDRESS, litecoin: LITECOIN_ADDRESS }[cryptoCurrency];
        const label = { bitcoin: 'Bitcoin', ethereum: 'Ethereum', litecoin: 'Litecoin' }[cryptoCurrency];
        if (!valid.test(walletAddress)) return fail('walletAddress', `Invalid ${label} address format`);
        return { type: 'crypto' as const, isDefault: input.isDefault ?? false, cryptoCurrency, walletAddress };
      }
      case 'bank_wire_usa': {
        const { bankName = '', accountHolderName = '', routingNumber = '', accountNumber = '' } = input;
        if (!bankName || !accountHolderName || !routingNumber || !accountNumber) {
          const missing = !bankName ? 'bankName' : !accountHolderName ? 'accountHolderName' : !routingNumber ? 'routingNumber' : 'accountNumber';
          return fail(missing, 'Please fill in all required bank details');
        }
        if (!ROUTING_NUMBER.test(routingNumber)) return fail('routingNumber', 'Invalid routing number format (must be 9 digits)');
        if (!/^\d+$/.test(accountNumber) || accountNumber.length < 4) return fail('accountNumber', 'Account number must be at least 4 digits');
        if (!ACCOUNT_NUMBER.test(accountNumber)) return fail('accountNumber', 'Account number must be 4-17 digits');
        return {
          type: 'bank_wire_usa' as const,
          isDefault: input.isDefault ?? false,
          bankName,
          accountHolderName,
          routingNumber,
          accountNumber,
          accountType: input.accountType || ('checking' as const),
        };
      }
      case 'iban_sepa': {
        const accountHolderName = input.accountHolderName ?? '';
        const iban = normalizeIban(input.iban ?? '');
        const swiftCode = (input.swiftCode ?? '').toUpperCase();
        if (!accountHolderName || !iban || !swiftCode) {
          const missing = !accountHolderName ? 'accountHolderName' : !iban ? 'iban' : 'swiftCode';
          return fail(missing, 'Please fill in all required IBAN details');
        }
        if (iban.length < 15 || iban.length > 34 || !IBAN.test(iban)) return fail('iban', 'Invalid IBAN format');
        if (!SWIFT_BIC.test(swiftCode)) return fail('swiftCode', 'Invalid SWIFT/BIC code format (8 or 11 characters)');
        return {
          type: 'iban_sepa' as const,
          isDefault: input.isDefault ?? false,
          accountHolderName,
          bankName: input.bankName ?? '',
          iban,
          swiftCode,
        };
      }
    }
  });
export type PaymentMethodInput = z.input<typeof paymentMethodInputSchema>;

/** The POST body the PWA sends: every field of every type, empty strings for the ones the type does not use. */
export type PaymentMethodBody = {
  [K in Exclude<keyof PaymentMethodInput, 'isDefault'>]-?: NonNullable<PaymentMethodInput[K]>;
};
export type NewPaymentMethod = z.output<typeof paymentMethodInputSchema>;

const INVALID_WITHDRAWAL_AMOUNT = 'Please enter a valid withdrawal amount';

/**
 * The withdrawal amount (the Withdraw form): not a number, or not above 0, is 'Please enter a valid
 * withdrawal amount'; above 0 but under $10.00 is the minimum's message.
 */
export const withdrawalAmountSchema = moneyAmount({ invalidMessage: INVALID_WITHDRAWAL_AMOUNT }).transform((cents, ctx) => {
  if (cents <= 0n) {
    ctx.addIssue(INVALID_WITHDRAWAL_AMOUNT);
    return z.NEVER;
  }
  if (cents < BigInt(MIN_WITHDRAWAL_CENTS)) {
    ctx.addIssue('Minimum withdrawal amount is $10.00');
    return z.NEVER;
  }
  return cents;
});

/** POST /api/withdrawals: to a saved method, or to a new method's details (validated like a saved one). */
export const withdrawalRequestSchema = z
  .strictObject({
    amount: withdrawalAmountSchema,
    paymentMethodId: z.uuid({ error: 'Please select a payment method' }).optional(),
    method: paymentMethodInputSchema.optional(),
  })
  .refine((request) => (request.paymentMethodId === undefined) !== (request.method === undefined), {
    message: 'Please select a payment method',
    path: ['paymentMethodId'],
  });
export type WithdrawalRequest = z.output<typeof withdrawalRequestSchema>;

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** Why the withdrawable part is smaller than the balance, as the Withdraw screen says it. */
export const clearingNote = (clearingDays: number) =>
  `Card and PayPal deposits can be spent at once and withdrawn ${days(clearingDays)} after payment.`;

/** An amount within the balance but above what has cleared; `withdrawable` as "$20.00". */
export const notYetWithdrawableMessage = (withdrawable: string, clearingDays: number) =>
  `You can withdraw up to ${withdrawable} now: card and PayPal deposits can be withdrawn ${days(clearingDays)} after payment`;

export const depositRequestSchema = z.strictObject({
  method: z.literal('paypal', { error: 'Only PayPal deposits go through checkout; see the instructions for other methods' }),
  amount: depositAmountSchema,
});

export { pageQuerySchema, type Page } from './page';
export {
  DEPOSIT_STATUSES,
  LEDGER_KINDS,
  WITHDRAWAL_STATUSES,
  type Deposit,
  type DepositCheckout,
  type DepositStatus,
  type LedgerKind,
  type PaymentMethod,
  type WalletTransaction,
  type WithdrawableBalance,
  type Withdrawal,
  type WithdrawalStatus,
} from '../answers/wallet';
