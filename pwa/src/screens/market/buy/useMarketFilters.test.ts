import { describe, expect, it } from 'vitest';
import { floatError, maxFloatError, patternError } from './useMarketFilters';

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
