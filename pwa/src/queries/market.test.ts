import { describe, expect, it } from 'vitest';
import { skinsQuerySchema } from '../../../shared/schemas/market';
import {
  filtersFromSearchParams,
  marketKeys,
  normalizeFilters,
  searchParamsFromFilters,
  skinsRequestPath,
  type MarketFilters,
} from './market';

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
      sort: 'name_asc',
    };
    const params = searchParamsFromFilters(filters);
    expect(params.toString()).toBe(
      'search=AK-47&minPrice=1.5&maxPrice=250.00&weaponType=Rifle&rarity=covert&condition=Field-Tested&statTrak=false&sort=name_asc',
    );
    expect(filtersFromSearchParams(params)).toEqual(filters);
  });

  it('leaves "all" filters and the default sort out of the URL', () => {
    expect(searchParamsFromFilters({ sort: 'price_desc', search: '   ' }).toString()).toBe('');
    expect(filtersFromSearchParams(new URLSearchParams())).toEqual({ sort: 'price_desc' });
  });

  it('ignores values a hand-edited link may carry that the API would refuse', () => {
    const filters = filtersFromSearchParams(
      new URLSearchParams('rarity=legendary&condition=Mint&weaponType=Laser&statTrak=yes&sort=random&minPrice=-1&maxPrice=1.234'),
    );
    expect(filters).toEqual({ sort: 'price_desc' });
  });

  it('drops a max price below the min price', () => {
    expect(normalizeFilters({ sort: 'price_asc', minPrice: '20', maxPrice: '5.00' })).toEqual({
      sort: 'price_asc',
      minPrice: '20',
    });
  });

  it('gives equal views equal query keys', () => {
    expect(marketKeys.skins({ sort: 'price_desc', search: ' awp ', rarity: undefined })).toEqual(
      marketKeys.skins({ search: 'awp', sort: 'price_desc' }),
    );
  });
});

describe('skinsRequestPath', () => {
  it('asks for 18 items with the sort and cursor, in a form the API schema accepts', () => {
    const path = skinsRequestPath({ sort: 'price_desc', rarity: 'mil-spec', statTrak: true }, 'abc123');
    expect(path).toBe('/api/skins?rarity=mil-spec&statTrak=true&sort=price_desc&limit=18&cursor=abc123');
    const query = Object.fromEntries(new URL(path, 'http://x').searchParams);
    expect(skinsQuerySchema.safeParse(query).success).toBe(true);
  });
});
