import { describe, expect, it } from 'vitest';
import { marketKeys, searchParamsFromFilters, type MarketFilters } from '../../../queries/market';
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
      sort: 'name_asc',
    };
    expect(filtersFromSearchParams(searchParamsFromFilters(filters))).toEqual(filters);
  });

  it('reads an empty URL as all filters with the default sort', () => {
    expect(filtersFromSearchParams(new URLSearchParams())).toEqual({ sort: 'price_desc' });
  });

  it('ignores values a hand-edited link may carry that the API would refuse', () => {
    const filters = filtersFromSearchParams(
      new URLSearchParams('rarity=legendary&condition=Mint&weaponType=Laser&statTrak=yes&sort=random&minPrice=-1&maxPrice=1.234'),
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

  it('gives equal views equal query keys', () => {
    expect(marketKeys.skins(normalizeFilters({ sort: 'price_desc', search: ' awp ', rarity: undefined }))).toEqual(
      marketKeys.skins(normalizeFilters({ search: 'awp', sort: 'price_desc' })),
    );
  });
});
