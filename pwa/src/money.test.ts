import { describe, expect, it } from 'vitest';
import { formatAmount, formatDollars } from './money';

describe('formatAmount', () => {
  it('shows two decimals', () => {
    expect(formatAmount('12.34')).toBe('12.34');
    expect(formatAmount('12.3')).toBe('12.30');
    expect(formatAmount('12')).toBe('12.00');
    expect(formatAmount('1234567.89')).toBe('1234567.89');
  });

  it('shows 0.00 for an empty balance', () => {
    expect(formatAmount('')).toBe('0.00');
    expect(formatAmount(null)).toBe('0.00');
    expect(formatAmount(undefined)).toBe('0.00');
  });

  it('accepts numbers', () => {
    expect(formatAmount(5)).toBe('5.00');
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
  });
});

describe('formatDollars', () => {
  it('prefixes the dollar sign', () => {
    expect(formatDollars('12.34')).toBe('$12.34');
    expect(formatDollars('')).toBe('$0.00');
    expect(formatDollars('-3.5')).toBe('-$3.50');
  });
});
