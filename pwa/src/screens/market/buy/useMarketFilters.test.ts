import { describe, expect, it } from 'vitest';
import { floatError, maxFloatError, minInForce, patternError } from './useMarketFilters';

describe('the float and pattern fields’ checks', () => {
  it('take blank (no limit) and what the API takes, in its words otherwise', () => {
    expect(floatError('')).toBeNull();
    expect(floatError('0.07')).toBeNull();
    expect(floatError('1.5')).toBe('Must be a float from 0 to 1, such as 0.07');
    expect(patternError('')).toBeNull();
    expect(patternError('661')).toBeNull();
    expect(patternError('1001')).toBe('Must be a pattern from 0 to 1000');
  });

  it('refuse a max float below the min float as typed, and only once both are floats', () => {
    expect(maxFloatError('0.07', '0.15')).toBe('Min float must not be above max float');
    expect(maxFloatError('0.15', '0.15')).toBeNull();
    expect(maxFloatError('0.07', 'abc')).toBeNull();
    expect(maxFloatError('', '0.5')).toBeNull();
    expect(maxFloatError('2', '0.5')).toBe('Must be a float from 0 to 1, such as 0.07');
  });
});

describe('the min a max field is checked against', () => {
  it('is the typed min while it is valid, blank included', () => {
    expect(minInForce({ draft: ' 0.15 ', error: null }, '0.25')).toBe('0.15');
    expect(minInForce({ draft: '', error: null }, '0.25')).toBe('');
  });

  it('is the applied min while the typed one is refused, so a max below it is refused too', () => {
    const min = minInForce({ draft: '1.5', error: 'Must be a float from 0 to 1, such as 0.07' }, '0.25');
    expect(min).toBe('0.25');
    expect(maxFloatError('0.01', min)).toBe('Min float must not be above max float');
    expect(minInForce({ draft: 'abc', error: 'Must be a price such as 12.34' }, undefined)).toBe('');
  });
});
