import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorBodyOf } from './errorCodes';

describe('errorBodyOf', () => {
  it('takes an error answer of the contract whole', () => {
    const body = { message: 'Not enough balance', code: 'insufficient_balance', fields: { amount: 'Too much' } };
    expect(errorBodyOf(body)).toEqual(body);
  });

  it("keeps the message of an answer whose code is not one of ours, and drops what is not text", () => {
    expect(errorBodyOf({ message: 'Teapot', code: 'im_a_teapot' })).toEqual({ message: 'Teapot' });
    expect(errorBodyOf({ message: 42, code: 'not_found', fields: { a: 1 } })).toEqual({ code: 'not_found' });
    expect(errorBodyOf('<html>Bad gateway</html>')).toEqual({});
    expect(errorBodyOf(null)).toEqual({});
  });

  it('lists each code once, in snake_case', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});
