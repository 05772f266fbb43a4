import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type HttpError } from '../errors';
import { parseOrThrow } from './validate';

function refusal(schema: z.ZodType, value: unknown): HttpError {
  try {
    parseOrThrow(schema, value, 'query');
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected a refusal');
}

describe('parseOrThrow', () => {
  it('names unknown fields, also those named like Object.prototype members (found by the robustness test)', () => {
    const schema = z.strictObject({ refresh: z.literal('1').optional() });
    for (const key of ['toString', 'constructor', 'hasOwnProperty', 'valueOf', '__proto__']) {
      // As a query string parses it: an own property, whatever its name.
      const error = refusal(schema, JSON.parse(`{"${key}": "x"}`));
      expect(error.status).toBe(400);
      expect(Object.entries(error.fields!)).toEqual([[key, 'Unknown field']]);
      expect(error.message).toBe(`Unknown field in query: ${key}`);
    }
  });

  it('keeps the first message of each field', () => {
    const schema = z.object({ amount: z.string().min(3, 'too short').regex(/^\d+$/, 'digits only') });
    expect(refusal(schema, { amount: 'x' }).fields).toEqual({ amount: 'too short' });
  });
});
