import { describe, expect, it } from 'vitest';
import { MAX_FLOAT_INPUT_LENGTH, parseFloatBound, parsePaintSeed } from './wearAndPattern';

describe('parseFloatBound', () => {
  it('reads decimals from 0 to 1 inclusive', () => {
    expect(parseFloatBound('0')).toBe(0);
    expect(parseFloatBound('1')).toBe(1);
    expect(parseFloatBound('0.07')).toBe(0.07);
    expect(parseFloatBound('1.000')).toBe(1);
    expect(parseFloatBound('0.36198759078979492')).toBe(0.36198759078979492);
    expect(parseFloatBound(`0.${'1'.repeat(MAX_FLOAT_INPUT_LENGTH - 2)}`)).not.toBeNull();
  });

  it('refuses anything else', () => {
    for (const input of ['', ' 0.1', '0.1 ', '.5', '0.', '1.0001', '2', '-0', '-0.1', '00.1', '7e-2', '0,5', 'NaN', 'Infinity', `0.${'1'.repeat(18)}`]) {
      expect(parseFloatBound(input), input).toBeNull();
    }
  });
});

describe('parsePaintSeed', () => {
  it('reads whole numbers from 0 to 1000', () => {
    expect(parsePaintSeed('0')).toBe(0);
    expect(parsePaintSeed('661')).toBe(661);
    expect(parsePaintSeed('1000')).toBe(1000);
  });

  it('refuses anything else', () => {
    for (const input of ['', '1001', '9999', '-1', '07', '1.0', '1e2', ' 5', 'five']) {
      expect(parsePaintSeed(input), input).toBeNull();
    }
  });
});
