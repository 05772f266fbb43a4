import { describe, expect, it } from 'vitest';
import { depositReturnOutcome, isDepositCredited } from './depositReturn';

describe('depositReturnOutcome', () => {
  it('knows the two return URLs of the checkout and nothing else', () => {
    expect(depositReturnOutcome('success')).toBe('success');
    expect(depositReturnOutcome('cancelled')).toBe('cancelled');
    expect(depositReturnOutcome(null)).toBeNull();
    expect(depositReturnOutcome('SUCCESS')).toBeNull();
    expect(depositReturnOutcome('')).toBeNull();
  });
});

describe('isDepositCredited', () => {
  it('is true once the newest deposit completed', () => {
    expect(isDepositCredited({ latestStatus: 'completed', initialBalance: '5.00', balance: '5.00' })).toBe(true);
  });

  it('is true once the balance moved, even before the deposits list says so', () => {
    expect(isDepositCredited({ latestStatus: 'pending', initialBalance: '5.00', balance: '30.00' })).toBe(true);
  });

  it('is false while the deposit is pending and the balance unchanged or unknown', () => {
    expect(isDepositCredited({ latestStatus: 'pending', initialBalance: '5.00', balance: '5.00' })).toBe(false);
    expect(isDepositCredited({ latestStatus: undefined, initialBalance: undefined, balance: '5.00' })).toBe(false);
    expect(isDepositCredited({ latestStatus: 'failed', initialBalance: '5.00', balance: undefined })).toBe(false);
  });
});
