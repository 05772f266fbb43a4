import { describe, it, expect } from 'vitest';
import { type z } from 'zod';
import { depositAmountSchema, moneyAmount, sellPriceSchema } from './money';

/** The messages of a failed parse, or the parsed value on success. */
function run(schema: z.ZodType, input: unknown): { value?: unknown; messages?: string[] } {
  const result = schema.safeParse(input);
  return result.success ? { value: result.data } : { messages: result.error.issues.map((issue) => issue.message) };
}

describe('moneyAmount', () => {
  const amount = moneyAmount({ min: 100n, max: 500n, invalidMessage: 'Bad', minMessage: 'Low', maxMessage: 'High' });

  it('outputs bigint cents for valid strings within the bounds, inclusive', () => {
    expect(run(amount, '1')).toEqual({ value: 100n });
    expect(run(amount, '1.00')).toEqual({ value: 100n });
    expect(run(amount, '2.5')).toEqual({ value: 250n });
    expect(run(amount, '5.00')).toEqual({ value: 500n });
  });

  it('gives the bound messages just outside the bounds', () => {
    expect(run(amount, '0.99')).toEqual({ messages: ['Low'] });
    expect(run(amount, '5.01')).toEqual({ messages: ['High'] });
  });

  it.each([
    ['a JSON float', 2.5],
    ['a JSON integer', 2],
    ['a bigint', 200n],
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
    ['an object', { amount: '2.00' }],
    ['an empty string', ''],
    ['a padded string', ' 2.00'],
    ['a negative amount', '-2.00'],
    ['three decimals', '2.001'],
    ['an exponent', '2e2'],
    ['a comma', '2,00'],
  ])('rejects %s with the invalid message only', (_label, input) => {
    expect(run(amount, input)).toEqual({ messages: ['Bad'] });
  });

  it('names the bound when no message is given', () => {
    const plain = moneyAmount({ min: 1_000n, max: 123_456n, invalidMessage: 'Bad' });
    expect(run(plain, '9.99')).toEqual({ messages: ['Minimum amount is $10.00'] });
    expect(run(plain, '1234.57')).toEqual({ messages: ['Maximum amount is $1,234.56'] });
  });

  it('without bounds accepts zero and anything parseMoney accepts', () => {
    const unbounded = moneyAmount({ invalidMessage: 'Bad' });
    expect(run(unbounded, '0')).toEqual({ value: 0n });
    expect(run(unbounded, '10000000000.00')).toEqual({ value: 1_000_000_000_000n });
    expect(run(unbounded, '10000000000.01')).toEqual({ messages: ['Bad'] });
  });
});

describe('depositAmountSchema', () => {
  it('accepts $10.00 to $1,000.00', () => {
    expect(run(depositAmountSchema, '10')).toEqual({ value: 1_000n });
    expect(run(depositAmountSchema, '10.00')).toEqual({ value: 1_000n });
    expect(run(depositAmountSchema, '250.5')).toEqual({ value: 25_050n });
    expect(run(depositAmountSchema, '1000.00')).toEqual({ value: 100_000n });
  });

  it('uses the form messages', () => {
    expect(run(depositAmountSchema, '9.99')).toEqual({ messages: ['Minimum deposit amount is $10.00'] });
    expect(run(depositAmountSchema, '0')).toEqual({ messages: ['Minimum deposit amount is $10.00'] });
    expect(run(depositAmountSchema, '1000.01')).toEqual({ messages: ['Maximum deposit amount is $1,000.00'] });
    expect(run(depositAmountSchema, 'abc')).toEqual({ messages: ['Please enter a valid amount'] });
    expect(run(depositAmountSchema, 50)).toEqual({ messages: ['Please enter a valid amount'] });
    expect(run(depositAmountSchema, undefined)).toEqual({ messages: ['Please enter a valid amount'] });
  });
});

describe('sellPriceSchema', () => {
  it('accepts $0.01 to $100,000.00', () => {
    expect(run(sellPriceSchema, '0.01')).toEqual({ value: 1n });
    expect(run(sellPriceSchema, '12.34')).toEqual({ value: 1_234n });
    expect(run(sellPriceSchema, '100000.00')).toEqual({ value: 10_000_000n });
  });

  it('treats zero like any invalid price, since the price must be greater than 0', () => {
    expect(run(sellPriceSchema, '0')).toEqual({ messages: ['Please enter a valid price'] });
    expect(run(sellPriceSchema, '0.00')).toEqual({ messages: ['Please enter a valid price'] });
    expect(run(sellPriceSchema, '-1')).toEqual({ messages: ['Please enter a valid price'] });
    expect(run(sellPriceSchema, 12.34)).toEqual({ messages: ['Please enter a valid price'] });
  });

  it('caps the price at $100,000.00', () => {
    expect(run(sellPriceSchema, '100000.01')).toEqual({ messages: ['Maximum price is $100,000.00'] });
  });
});
