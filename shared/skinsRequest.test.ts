import { describe, expect, it } from 'vitest';
import { skinsQuerySchema } from './schemas/market';
import { searchParamsFromFilters, skinsRequestPath } from './skinsRequest';

describe('searchParamsFromFilters', () => {
  it('writes every filter in a fixed order', () => {
    const params = searchParamsFromFilters({
      search: ' AK-47 ',
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
    });
    expect(params.toString()).toBe(
      'search=AK-47&minPrice=1.5&maxPrice=250.00&weaponType=Rifle&rarity=covert&condition=Field-Tested&statTrak=false&souvenir=true&minFloat=0.07&maxFloat=0.15&paintSeed=661&sort=float_asc',
    );
  });

  it('leaves "all" filters and the default sort out', () => {
    expect(searchParamsFromFilters({ sort: 'price_desc', search: '   ' }).toString()).toBe('');
  });
});

describe('skinsRequestPath', () => {
  it('asks for 18 items with the sort and cursor, in a form the API schema accepts', () => {
    const path = skinsRequestPath({ sort: 'price_desc', rarity: 'mil-spec', statTrak: true, minFloat: '0', maxFloat: '1', paintSeed: '0' }, 'abc123');
    expect(path).toBe('/api/skins?rarity=mil-spec&statTrak=true&minFloat=0&maxFloat=1&paintSeed=0&sort=price_desc&limit=18&cursor=abc123');
    const query = Object.fromEntries(new URL(path, 'http://x').searchParams);
    expect(skinsQuerySchema.parse(query)).toMatchObject({ minFloat: 0, maxFloat: 1, paintSeed: 0 });
  });

  it('leaves the cursor out on the first page', () => {
    expect(skinsRequestPath({ sort: 'name_asc' }, null)).toBe('/api/skins?sort=name_asc&limit=18');
  });
});
