/**
 * Names and limits of payment-method fields that components and pure form modules (the Withdraw
 * form's schema) share; kept free of React so those modules stay plain TypeScript.
 */
import type { CRYPTO_CURRENCIES } from '../../../../shared/constants';

export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

export const CRYPTO_CURRENCY_LABELS: Record<CryptoCurrency, string> = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  litecoin: 'Litecoin',
};

export const ACCOUNT_TYPE_LABELS = { checking: 'Checking', savings: 'Savings' } as const;

/** A US routing number is exactly 9 digits. */
export const ROUTING_NUMBER_LENGTH = 9;
/** A SWIFT/BIC code is 8 or 11 characters. */
export const SWIFT_MAX_LENGTH = 11;
