/**
 * Money as integer cents in `bigint` (docs/adr/0001-money-as-integer-cents.md). Amounts cross the
 * API as decimal strings with two decimals and are never converted to JavaScript numbers, so no
 * floating-point rounding can creep into balances, prices or fees.
 */
import { PLATFORM_FEE_PERCENT } from './constants';

/**
 * Largest amount `parseMoney` accepts: 1e12 cents ($10 billion). Far above any real limit, it only
 * keeps absurd input from reaching the database's bigint columns.
 */
export const MAX_MONEY_CENTS = 1_000_000_000_000n;

/** Whole part without superfluous leading zeros, then optionally a point and one or two decimals. */
const MONEY_PATTERN = /^(0|[1-9]\d*)(?:\.(\d{1,2}))?$/;
/** Longer than any amount up to MAX_MONEY_CENTS ("10000000000.00" is 14); skips regex work on junk. */
const MAX_MONEY_INPUT_LENGTH = 20;
const FEE_PERCENT = BigInt(PLATFORM_FEE_PERCENT);

/**
 * Strictly parses a user- or client-supplied decimal amount ("12", "12.5", "12.34") into cents.
 * Returns null for anything else (signs, exponents, spaces, commas, "5.", ".5", "007", more than
 * two decimals, amounts above MAX_MONEY_CENTS) so callers decide the error message. The runtime
 * type check is there for values coming straight out of untyped JSON.
 */
export function parseMoney(input: string): bigint | null {
  if (typeof input !== 'string' || input.length > MAX_MONEY_INPUT_LENGTH) return null;
  const match = MONEY_PATTERN.exec(input);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  const cents = BigInt(whole + fraction.padEnd(2, '0'));
  return cents > MAX_MONEY_CENTS ? null : cents;
}

/** Splits cents into sign, whole units (as a digit string) and the two-digit fraction. */
function splitCents(cents: bigint): { sign: string; whole: string; fraction: string } {
  const absolute = cents < 0n ? -cents : cents;
  return {
    sign: cents < 0n ? '-' : '',
    whole: (absolute / 100n).toString(),
    fraction: (absolute % 100n).toString().padStart(2, '0'),
  };
}

/** The API's wire format: exactly two decimals, no separators ("1234.56", "-1.05"). */
export function formatMoney(cents: bigint): string {
  const { sign, whole, fraction } = splitCents(cents);
  return `${sign}${whole}.${fraction}`;
}

/** Display format for prices and balances: "$1,234.56", negative as "-$1.05". */
export function formatUsd(cents: bigint): string {
  const { sign, whole, fraction } = splitCents(cents);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${grouped}.${fraction}`;
}

/**
 * Platform fee on a sale: round_half_up(price * PLATFORM_FEE_PERCENT / 100) in cents, computed in
 * integers (adding half the divisor before the truncating division rounds halves up). Throws on a
 * negative price because a fee on one would be a bug upstream, not a refund.
 */
export function feeCents(priceCents: bigint): bigint {
  if (priceCents < 0n) throw new RangeError(`Price must not be negative: ${priceCents}`);
  return (priceCents * FEE_PERCENT + 50n) / 100n;
}

/** What the seller is paid for a sale: the price minus the platform fee. Throws on a negative price. */
export function sellerReceivesCents(priceCents: bigint): bigint {
  return priceCents - feeCents(priceCents);
}

/**
 * Reads a cents value from the database. The pg driver returns bigint columns as strings, so this
 * accepts a string of digits (optionally negative, as ledger entries are), a safe-integer number or
 * a bigint, and throws on anything else rather than silently rounding.
 */
export function centsFromDb(value: string | number | bigint): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError(`Not an integer cents value: ${value}`);
    return BigInt(value);
  }
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new TypeError(`Not an integer cents value: ${String(value)}`);
}
