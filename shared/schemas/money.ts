/**
 * Zod schemas for money fields. The PWA validates its forms with them and the API validates every
 * request with the same ones; both get the amount as bigint cents (docs/adr/0001-money-as-integer-cents.md).
 */
import { z } from './zod';
import {
  MAX_DEPOSIT_CENTS,
  MAX_SELL_PRICE_CENTS,
  MIN_DEPOSIT_CENTS,
  MIN_SELL_PRICE_CENTS,
} from '../constants';
import { formatUsd, parseMoney } from '../money';

/** Bounds (inclusive, in cents) and the messages shown when an amount fails them. */
export interface MoneyAmountOptions {
  min?: bigint;
  max?: bigint;
  invalidMessage: string;
  minMessage?: string;
  maxMessage?: string;
}

/**
 * A money field: accepts only a decimal string ("12.34") and outputs bigint cents. JSON numbers are
 * rejected with `invalidMessage` so a float never reaches the server. Without `minMessage` or
 * `maxMessage` the messages name the bound, e.g. 'Minimum amount is $10.00'.
 */
export function moneyAmount(options: MoneyAmountOptions) {
  const { min, max, invalidMessage } = options;
  return z.string({ error: invalidMessage }).transform((value, ctx) => {
    const cents = parseMoney(value);
    if (cents === null) {
      ctx.addIssue(invalidMessage);
      return z.NEVER;
    }
    if (min !== undefined && cents < min) {
      ctx.addIssue(options.minMessage ?? `Minimum amount is ${formatUsd(min)}`);
      return z.NEVER;
    }
    if (max !== undefined && cents > max) {
      ctx.addIssue(options.maxMessage ?? `Maximum amount is ${formatUsd(max)}`);
      return z.NEVER;
    }
    return cents;
  });
}

const MIN_DEPOSIT = BigInt(MIN_DEPOSIT_CENTS);
const MAX_DEPOSIT = BigInt(MAX_DEPOSIT_CENTS);

/** Add Funds amount: $10.00 to $1,000.00. */
export const depositAmountSchema = moneyAmount({
  min: MIN_DEPOSIT,
  max: MAX_DEPOSIT,
  invalidMessage: 'Please enter a valid amount',
  minMessage: `Minimum deposit amount is ${formatUsd(MIN_DEPOSIT)}`,
  maxMessage: `Maximum deposit amount is ${formatUsd(MAX_DEPOSIT)}`,
});

const MAX_SELL_PRICE = BigInt(MAX_SELL_PRICE_CENTS);

/**
 * Listing price: $0.01 to $100,000.00. A zero price gets the same message as garbage because the
 * only rule is that the price is a number greater than 0 ('Please enter a valid price').
 */
export const sellPriceSchema = moneyAmount({
  min: BigInt(MIN_SELL_PRICE_CENTS),
  max: MAX_SELL_PRICE,
  invalidMessage: 'Please enter a valid price',
  minMessage: 'Please enter a valid price',
  maxMessage: `Maximum price is ${formatUsd(MAX_SELL_PRICE)}`,
});
