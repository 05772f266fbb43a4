import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONDITIONS, MARKET_SORTS, RARITIES, WEAPON_TYPES } from '../../../../../shared/constants';
import { skinsQuerySchema } from '../../../../../shared/schemas/market';
import { marketKeys } from '../../../queries/market';
import { searchParamsFromFilters, type MarketFilters } from '../../../../../shared/skinsRequest';
import { filtersFromSearchParams, normalizeFilters } from './filterParams';

describe('market filters in the URL', () => {
  it('round-trips every filter through the search parameters', () => {
    const filters: MarketFilters = {
      search: 'AK-47',
      minPrice: '1.5',
      maxPrice: '250.00',
      weaponType: 'Rifle',
      rarity: 'covert',
      condition: 'Field-Tested',
      statTrak: false,
      souvenir: true,
      minFloat: '0.07',
      maxFloat: '0.15',
      paintSeed: '661',
      sort: 'float_asc',
    };
    expect(filtersFromSearchParams(searchParamsFromFilters(filters))).toEqual(filters);
  });

  it('reads an empty URL as all filters with the default sort', () => {
    expect(filtersFromSearchParams(new URLSearchParams())).toEqual({ sort: 'price_desc' });
  });

  it('ignores values a hand-edited link may carry that the API would refuse', () => {
    const filters = filtersFromSearchParams(
      new URLSearchParams(
        'rarity=legendary&condition=Mint&weaponType=Laser&statTrak=yes&souvenir=1&sort=random&minPrice=-1&maxPrice=1.234&minFloat=1.5&maxFloat=.5&paintSeed=1001',
      ),
    );
    expect(filters).toEqual({ sort: 'price_desc' });
    expect(filtersFromSearchParams(new URLSearchParams(`search=${'x'.repeat(101)}`))).toEqual({ sort: 'price_desc' });
  });

  it('drops a max price below the min price', () => {
    expect(normalizeFilters({ sort: 'price_asc', minPrice: '20', maxPrice: '5.00' })).toEqual({
      sort: 'price_asc',
      minPrice: '20',
    });
  });

  it('drops a max float below the min float', () => {
    expect(normalizeFilters({ sort: 'float_asc', minFloat: '0.5', maxFloat: '0.07' })).toEqual({ sort: 'float_asc', minFloat: '0.5' });
  });

  it('gives equal views equal query keys', () => {
    expect(marketKeys.skins(normalizeFilters({ sort: 'price_desc', search: ' awp ', rarity: undefined }))).toEqual(
      marketKeys.skins(normalizeFilters({ search: 'awp', sort: 'price_desc' })),
    );
  });

  it('keeps exactly what the API schema accepts, for any input (the two rule sets cannot drift)', () => {
    const field = skinsQuerySchema.shape;
    const text = (known: readonly string[]) => fc.oneof(fc.constantFrom(...known), fc.string({ maxLength: 12 }), fc.constant(undefined));
    const money = fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 10 }),
      fc.stringMatching(/^-?\d{0,10}(\.\d{0,3})?$/),
      fc.constantFrom('0', '0.00', '12.5', '1,000', ' 5', '99999999999', '1e3', '.5', '5.'),
    );
    const decimal = fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 8 }),
      fc.stringMatching(/^-?\d{0,2}(\.\d{0,18})?$/),
      fc.constantFrom('0', '1', '1.0', '1.01', '0.07', '.5', '5.', '0.5e1', '07', '1000', '1001', '661', '-0'),
    );
    const filters = fc.record({
      search: fc.oneof(
        fc.constant(undefined),
        fc.string({ maxLength: 110 }),
        // Text with the characters the API refuses (control characters, bidi overrides, lone surrogates) among others.
        fc.string({ unit: fc.constantFrom('A', 'k', ' ', 'é', '😀', '\u0000', '\t', '\n', '\r', '\u001b', '\u007f', '\u009b', '\u202e', '\ud800'), maxLength: 20 }),
        fc.constantFrom(' ', 'x'.repeat(100), ` ${'y'.repeat(100)} `, 'x'.repeat(101)),
      ),
      minPrice: money,
      maxPrice: money,
      weaponType: text(WEAPON_TYPES),
      rarity: text(RARITIES),
      condition: text(CONDITIONS),
      sort: text(MARKET_SORTS),
      minFloat: decimal,
      maxFloat: decimal,
      paintSeed: decimal,
    });
    fc.assert(
      fc.property(filters, (input) => {
        const normalized = normalizeFilters(input as MarketFilters);
        const accepted = (name: keyof typeof field, value: unknown) => value !== undefined && field[name].safeParse(value).success;
        const trimmed = input.search?.trim();
        expect(normalized.search !== undefined).toBe(Boolean(trimmed) && accepted('search', input.search));
        expect(normalized.minPrice !== undefined).toBe(accepted('minPrice', input.minPrice));
        expect(normalized.minFloat !== undefined).toBe(accepted('minFloat', input.minFloat));
        expect(normalized.paintSeed !== undefined).toBe(accepted('paintSeed', input.paintSeed));
        for (const name of ['weaponType', 'rarity', 'condition'] as const) {
          expect(normalized[name] !== undefined).toBe(accepted(name, input[name]));
        }
        expect(normalized.sort).toBe(accepted('sort', input.sort) ? input.sort : 'price_desc');
        // What is kept, the API takes as a whole (a max is dropped when it is below its min).
        const query = Object.fromEntries(
          Object.entries(normalized).map(([key, value]) => [key, typeof value === 'boolean' ? String(value) : value]),
        );
        expect(skinsQuerySchema.safeParse(query).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
