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
      sort: 'name_asc',
    });
    expect(params.toString()).toBe(
      'search=AK-47&minPrice=1.5&maxPrice=250.00&weaponType=Rifle&rarity=covert&condition=Field-Tested&statTrak=false&sort=name_asc',
    );
  });

  it('leaves "all" filters and the default sort out', () => {
    expect(searchParamsFromFilters({ sort: 'price_desc', search: '   ' }).toString()).toBe('');
  });
});

describe('skinsRequestPath', () => {
  it('asks for 18 items with the sort and cursor, in a form the API schema accepts', () => {
    const path = skinsRequestPath({ sort: 'price_desc', rarity: 'mil-spec', statTrak: true }, 'abc123');
    expect(path).toBe('/api/skins?rarity=mil-spec&statTrak=true&sort=price_desc&limit=18&cursor=abc123');
    const query = Object.fromEntries(new URL(path, 'http://x').searchParams);
    expect(skinsQuerySchema.safeParse(query).success).toBe(true);
  });

  it('leaves the cursor out on the first page', () => {
    expect(skinsRequestPath({ sort: 'name_asc' }, null)).toBe('/api/skins?sort=name_asc&limit=18');
  });
});
