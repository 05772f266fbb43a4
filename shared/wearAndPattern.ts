/**
 * The market's float (wear) and pattern (paint seed) filters as buyers type them, parsed once for
 * the API's query schema (./schemas/market.ts) and the Buy tab's fields and links, which must not
 * load zod first (pwa/src/screens/market/buy/filterParams.ts). Like money (./money.ts), the forms
 * are strict ("0.07", "1", never ".07", "7e-2" or "007"), so a link says one thing one way.
 */
import { MAX_PAINT_SEED } from './constants';

export const FLOAT_MESSAGE = 'Must be a float from 0 to 1, such as 0.07';
export const FLOAT_RANGE_MESSAGE = 'Min float must not be above max float';
export const PATTERN_MESSAGE = `Must be a pattern from 0 to ${MAX_PAINT_SEED}`;

/** 0 or 1, then up to 17 decimals: Steam's floats (float32 values written out) have 16 or 17. */
const FLOAT_PATTERN = /^[01](?:\.\d{1,17})?$/;
/** The longest float FLOAT_PATTERN takes ("0." and 17 decimals): a field's length limit. */
export const MAX_FLOAT_INPUT_LENGTH = 19;
const PATTERN_INDEX = /^(?:0|[1-9]\d{0,3})$/;

/** A float bound from 0 to 1 inclusive ("0", "0.07", "1.000"); null for anything else. */
export function parseFloatBound(input: string): number | null {
  if (typeof input !== 'string' || !FLOAT_PATTERN.test(input)) return null;
  const value = Number(input);
  return value <= 1 ? value : null;
}

/** A pattern index from 0 to MAX_PAINT_SEED ("661"); null for anything else. */
export function parsePaintSeed(input: string): number | null {
  if (typeof input !== 'string' || !PATTERN_INDEX.test(input)) return null;
  const value = Number(input);
  return value <= MAX_PAINT_SEED ? value : null;
}
