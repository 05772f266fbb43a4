import { describe, expect, it } from 'vitest';
import { DEPOSIT_RANGE, depositFormSchema, depositRequest, quickAmountLabel, QUICK_AMOUNTS } from './depositForm';

function messageFor(amount: string): string | undefined {
  const result = depositFormSchema.safeParse({ amount });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('the PayPal deposit form', () => {
  it('shows the PayPal deposit range', () => {
    expect(DEPOSIT_RANGE).toBe('$10.00 - $1,000.00');
  });

  it('accepts amounts from $10.00 to $1,000.00 and sends them with two decimals', () => {
    for (const [typed, sent] of [
      ['10', '10.00'],
      ['25.5', '25.50'],
      ['1000.00', '1000.00'],
    ] as const) {
      const parsed = depositFormSchema.parse({ amount: typed });
      expect(depositRequest(parsed)).toEqual({ method: 'paypal', amount: sent });
    }
  });

  it('refuses amounts outside the range or not a price, with the shared messages', () => {
    expect(messageFor('9.99')).toBe('Minimum deposit amount is $10.00');
    expect(messageFor('1000.01')).toBe('Maximum deposit amount is $1,000.00');
    expect(messageFor('')).toBe('Please enter a valid amount');
    expect(messageFor('12.345')).toBe('Please enter a valid amount');
    expect(messageFor('abc')).toBe('Please enter a valid amount');
  });

  it('labels quick amounts in whole dollars, each a valid deposit', () => {
    expect(QUICK_AMOUNTS.map(quickAmountLabel)).toEqual(['$25', '$50', '$100', '$250']);
    for (const amount of QUICK_AMOUNTS) expect(messageFor(amount)).toBeUndefined();
  });
});
