import { describe, expect, it } from 'vitest';
import { formatBalance } from './user';

describe('formatBalance', () => {
  it('shows dollars with two decimals', () => {
    expect(formatBalance('12.34')).toBe('$12.34');
    expect(formatBalance('12.3')).toBe('$12.30');
    expect(formatBalance('1234.5')).toBe('$1,234.50');
  });

  it('shows $0.00 for an empty or missing balance', () => {
    expect(formatBalance('')).toBe('$0.00');
    expect(formatBalance(null)).toBe('$0.00');
    expect(formatBalance(undefined)).toBe('$0.00');
  });
});
