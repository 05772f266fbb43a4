import { describe, expect, it } from 'vitest';
import { signInHref, signInOutcomeText } from './signIn';

describe('signInHref', () => {
  it('returns to the page the person is on', () => {
    expect(signInHref({ pathname: '/staff/withdrawals', search: '?status=paid' })).toBe(`/staff/auth/login?returnTo=${encodeURIComponent('/staff/withdrawals?status=paid')}`);
    expect(signInHref({ pathname: '/staff', search: '' })).toBe('/staff/auth/login?returnTo=%2Fstaff');
  });

  it('leaves out the outcome of an earlier attempt', () => {
    expect(signInHref({ pathname: '/staff', search: '?signin=failed' })).toBe('/staff/auth/login?returnTo=%2Fstaff');
  });
});

describe('signInOutcomeText', () => {
  it('explains a failed attempt and a missing role, and says nothing without an outcome', () => {
    expect(signInOutcomeText('?signin=failed')).toMatch(/did not complete/);
    expect(signInOutcomeText('?signin=no_role')).toMatch(/no staff role/);
    expect(signInOutcomeText('?signin=other')).toMatch(/did not complete/);
    expect(signInOutcomeText('')).toBeNull();
  });
});
