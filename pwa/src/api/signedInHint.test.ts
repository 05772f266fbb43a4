import { describe, expect, it } from 'vitest';
import { hasSignedInHint } from './signedInHint';

describe('hasSignedInHint', () => {
  it('finds the hint alone or among other cookies, whatever the spacing', () => {
    expect(hasSignedInHint('skinmarket_signed_in=1')).toBe(true);
    expect(hasSignedInHint('a=b; skinmarket_signed_in=1; market-cart=x')).toBe(true);
    expect(hasSignedInHint('a=b;skinmarket_signed_in=1')).toBe(true);
  });

  it('is false without the hint, with another value, or for a cookie whose name only contains it', () => {
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('a=b; c=d')).toBe(false);
    expect(hasSignedInHint('skinmarket_signed_in=')).toBe(false);
    expect(hasSignedInHint('skinmarket_signed_in=0')).toBe(false);
    expect(hasSignedInHint('skinmarket_signed_in=10')).toBe(false);
    expect(hasSignedInHint('old_skinmarket_signed_in=1')).toBe(false);
    expect(hasSignedInHint('x=skinmarket_signed_in=1')).toBe(false);
  });
});
