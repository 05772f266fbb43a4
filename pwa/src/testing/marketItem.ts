/** A market item for unit tests: a plain covert rifle, with whatever the test sets. */
import type { MarketItem } from '../../../shared/schemas/market';

export function testMarketItem(fields: Partial<MarketItem> & Pick<MarketItem, 'id'>): MarketItem {
  return {
    name: `Item ${fields.id}`,
    marketHashName: `Item ${fields.id} (Field-Tested)`,
    imageUrl: '',
    price: '1.00',
    weaponType: 'Rifle',
    rarity: 'covert',
    condition: 'Field-Tested',
    float: 0.2,
    paintSeed: 12,
    statTrak: false,
    souvenir: false,
    tradableAt: '2030-01-01T00:00:00.000Z',
    inspectLink: null,
    ...fields,
  };
}
