import { describe, it, expect } from 'vitest';
import {
  MAX_MONEY_CENTS,
  centsFromDb,
  feeCents,
  formatMoney,
  formatUsd,
  parseMoney,
  sellerReceivesCents,
} from './money';

describe('parseMoney', () => {
  it.each([
    ['0', 0n],
    ['0.5', 50n],
    ['0.50', 50n],
    ['0.05', 5n],
    ['0.01', 1n],
    ['1', 100n],
    ['10', 1_000n],
    ['12.3', 1_230n],
    ['12.34', 1_234n],
    ['100000.00', 10_000_000n],
    ['10000000000', MAX_MONEY_CENTS],
    ['10000000000.00', MAX_MONEY_CENTS],
  ])('parses %j as %s cents', (input, cents) => {
    expect(parseMoney(input)).toBe(cents);
  });

  it.each([
    ['empty', ''],
    ['spaces only', '   '],
    ['leading space', ' 1.00'],
    ['trailing space', '1.00 '],
    ['inner space', '1 000'],
    ['newline', '1\n'],
    ['minus sign', '-1'],
    ['minus zero', '-0'],
    ['plus sign', '+1'],
    ['exponent', '1e3'],
    ['upper-case exponent', '1E3'],
    ['three decimals', '1.234'],
    ['three zero decimals', '1.000'],
    ['no whole part', '.5'],
    ['no decimals after point', '5.'],
    ['point only', '.'],
    ['two points', '1.2.3'],
    ['leading zeros', '007'],
    ['double zero', '00'],
    ['leading zero before point', '00.50'],
    ['thousands comma', '1,000'],
    ['decimal comma', '1,50'],
    ['dollar sign', '$1'],
    ['hex', '0x10'],
    ['Infinity', 'Infinity'],
    ['NaN', 'NaN'],
    ['letters', 'abc'],
    ['non-ASCII digits', '\u0661\u0662'],
    ['full-width digits', '\uff11'],
    ['just over the guard', '10000000000.01'],
    ['far over the guard', '99999999999999999999'],
    ['very long input', '1'.repeat(10_000)],
  ])('rejects %s', (_label, input) => {
    expect(parseMoney(input)).toBeNull();
  });

  it.each([
    ['a number', 12.34],
    ['an integer number', 10],
    ['a bigint', 1000n],
    ['null', null],
    ['undefined', undefined],
    ['an object', { amount: '1.00' }],
  ])('rejects %s (untyped JSON reaching it at runtime)', (_label, input) => {
    expect(parseMoney(input as unknown as string)).toBeNull();
  });
});

describe('formatMoney', () => {
  it.each([
    [0n, '0.00'],
    [1n, '0.01'],
    [10n, '0.10'],
    [99n, '0.99'],
    [100n, '1.00'],
    [123_456n, '1234.56'],
    [100_000_000n, '1000000.00'],
    [-1n, '-0.01'],
    [-105n, '-1.05'],
    [-123_456n, '-1234.56'],
    [123_456_789_012_345_678_901n, '1234567890123456789.01'],
  ])('formats %s cents as %j', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('round-trips every parsed amount', () => {
    for (const text of ['0.00', '0.01', '12.34', '1000.00', '10000000000.00']) {
      const cents = parseMoney(text);
      expect(cents).not.toBeNull();
      expect(formatMoney(cents ?? 0n)).toBe(text);
    }
  });
});

describe('formatUsd', () => {
  it.each([
    [0n, '$0.00'],
    [5n, '$0.05'],
    [99_999n, '$999.99'],
    [100_000n, '$1,000.00'],
    [123_456n, '$1,234.56'],
    [10_000_000n, '$100,000.00'],
    [123_456_789n, '$1,234,567.89'],
    [100_000_000_000n, '$1,000,000,000.00'],
    [-105n, '-$1.05'],
    [-123_456_789n, '-$1,234,567.89'],
  ])('formats %s cents as %j', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });
});

describe('feeCents and sellerReceivesCents', () => {
  it.each([
    // price, fee, exact fee in cents (price * 3 / 100)
    [0n, 0n], // 0
    [1n, 0n], // 0.03
    [16n, 0n], // 0.48
    [17n, 1n], // 0.51
    [33n, 1n], // 0.99
    [49n, 1n], // 1.47
    [50n, 2n], // 1.5, half rounds up
    [51n, 2n], // 1.53
    [83n, 2n], // 2.49
    [84n, 3n], // 2.52
    [150n, 5n], // 4.5, half rounds up
    [100n, 3n], // 3
    [1_000n, 30n], // 30
    [1_234n, 37n], // 37.02
    [10_000_000n, 300_000n], // the maximum sell price
    [9_999_999n, 300_000n], // 299999.97
  ])('price %s cents has a fee of %s cents', (price, fee) => {
    expect(feeCents(price)).toBe(fee);
    expect(sellerReceivesCents(price)).toBe(price - fee);
  });

  it('stays exact far beyond the range of safe JS integers', () => {
    const price = 10n ** 30n + 50n;
    expect(feeCents(price)).toBe(3n * 10n ** 28n + 2n);
    expect(sellerReceivesCents(price)).toBe(price - (3n * 10n ** 28n + 2n));
  });

  it('fee plus seller share always equals the price', () => {
    for (let price = 0n; price <= 1_000n; price += 1n) {
      expect(feeCents(price) + sellerReceivesCents(price)).toBe(price);
    }
  });

  it('throws on a negative price', () => {
    expect(() => feeCents(-1n)).toThrow(RangeError);
    expect(() => sellerReceivesCents(-100n)).toThrow(RangeError);
  });
});

describe('centsFromDb', () => {
  it.each([
    ['0', 0n],
    ['1234', 1_234n],
    ['-500', -500n],
    ['9223372036854775807', 9_223_372_036_854_775_807n],
    ['-9223372036854775808', -9_223_372_036_854_775_808n],
  ])('reads the string %j', (value, cents) => {
    expect(centsFromDb(value)).toBe(cents);
  });

  it('reads integer numbers and bigints', () => {
    expect(centsFromDb(0)).toBe(0n);
    expect(centsFromDb(1_234)).toBe(1_234n);
    expect(centsFromDb(-7)).toBe(-7n);
    expect(centsFromDb(Number.MAX_SAFE_INTEGER)).toBe(9_007_199_254_740_991n);
    expect(centsFromDb(42n)).toBe(42n);
  });

  it.each([
    ['a decimal string', '12.34'],
    ['an integer string with a point', '12.'],
    ['an empty string', ''],
    ['a string with spaces', ' 12'],
    ['a plus-signed string', '+12'],
    ['an exponent string', '1e3'],
    ['a letter string', 'abc'],
    ['a float', 12.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['an unsafe integer', 2 ** 53],
    ['null', null],
    ['undefined', undefined],
  ])('throws on %s', (_label, value) => {
    expect(() => centsFromDb(value as unknown as string)).toThrow(TypeError);
  });
});
