import { describe, expect, it } from 'vitest';
import { withdrawalAmountSchema } from './wallet';

const messageFor = (amount: unknown) => withdrawalAmountSchema.safeParse(amount).error?.issues[0]?.message;

describe('withdrawalAmountSchema', () => {
  it("answers 'Please enter a valid withdrawal amount' for amounts not above 0 and for garbage", () => {
    for (const amount of ['0', '0.00', '-0.01', '-10.00', 'ten', '1e2', '10.001', 20]) {
      expect(messageFor(amount), String(amount)).toBe('Please enter a valid withdrawal amount');
    }
  });

  it('names the minimum for amounts above 0 but under $10.00', () => {
    for (const amount of ['0.01', '9.99']) expect(messageFor(amount), amount).toBe('Minimum withdrawal amount is $10.00');
  });

  it('gives bigint cents for valid amounts', () => {
    expect(withdrawalAmountSchema.parse('10.00')).toBe(1000n);
    expect(withdrawalAmountSchema.parse('1234.56')).toBe(123456n);
  });
});
