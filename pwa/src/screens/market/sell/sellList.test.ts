import { describe, expect, it } from 'vitest';
import type { InventoryItem } from '../../../../../shared/schemas/inventory';
import { addToSellList, reconcileSellList, removeFromSellList, sellListPayload, sellListRefusal, sellListTotals } from './sellList';

function item(overrides: Partial<InventoryItem> = {}): InventoryItem {
  return {
    assetid: '1001',
    appid: 730,
    contextid: '2',
    amount: 1,
    name: 'AK-47 | Redline (Field-Tested)',
    marketHashName: 'AK-47 | Redline (Field-Tested)',
    imageUrl: '/items/ak.png',
    weaponType: 'Rifle',
    rarity: 'classified',
    condition: 'Field-Tested',
    float: 0.2345,
    paintSeed: 42,
    inspectLink: null,
    statTrak: false,
    souvenir: false,
    tradable: true,
    marketable: true,
    listed: false,
    ...overrides,
  };
}

describe('sellListRefusal', () => {
  it('refuses untradable, unmarketable and already listed items', () => {
    expect(sellListRefusal([], item({ tradable: false }))).toBe('not_tradable');
    expect(sellListRefusal([], item({ marketable: false }))).toBe('not_marketable');
    expect(sellListRefusal([], item({ listed: true }))).toBe('listed');
    expect(sellListRefusal([], item())).toBeNull();
  });

  it('refuses the same item twice, and another item with the same name and condition', () => {
    const list = addToSellList([], item(), 1250n);
    expect(sellListRefusal(list, item())).toBe('in_list');
    expect(sellListRefusal(list, item({ assetid: '1002' }))).toBe('in_list');
    expect(sellListRefusal(list, item({ assetid: '1003', condition: 'Minimal Wear' }))).toBeNull();
    expect(sellListRefusal(list, item({ assetid: '1004', name: 'AWP | Asiimov (Field-Tested)' }))).toBeNull();
  });
});

describe('addToSellList', () => {
  it('adds the price and what the seller gets after the 3% fee (half up), as two-decimal strings', () => {
    const [entry] = addToSellList([], item(), 1250n);
    expect(entry).toMatchObject({ assetid: '1001', sellPrice: '12.50', youGet: '12.12' });
    expect(addToSellList([], item(), 1n)[0]).toMatchObject({ sellPrice: '0.01', youGet: '0.01' });
    expect(addToSellList([], item(), 99n)[0]).toMatchObject({ sellPrice: '0.99', youGet: '0.96' });
    expect(addToSellList([], item(), 10_000_000n)[0]).toMatchObject({ sellPrice: '100000.00', youGet: '97000.00' });
  });

  it('leaves the list alone for a refused item or a price not above 0', () => {
    const list = addToSellList([], item(), 1250n);
    expect(addToSellList(list, item({ assetid: '1002' }), 999n)).toEqual(list);
    expect(addToSellList([], item(), 0n)).toEqual([]);
    expect(addToSellList([], item({ tradable: false }), 100n)).toEqual([]);
  });
});

describe('removeFromSellList, totals and payload', () => {
  const list = addToSellList(addToSellList([], item(), 1234n), item({ assetid: '2002', name: 'AWP | Asiimov (Field-Tested)' }), 99n);

  it('totals prices and per-item payouts in cents', () => {
    // fees: 12.34 → 0.37, 0.99 → 0.03
    expect(sellListTotals(list)).toEqual({ totalCents: 1333n, youGetCents: 1293n });
    expect(sellListTotals([])).toEqual({ totalCents: 0n, youGetCents: 0n });
  });

  it('removes by asset id', () => {
    expect(removeFromSellList(list, '1001').map((entry) => entry.assetid)).toEqual(['2002']);
  });

  it('builds the trade-offer item payload with the prices', () => {
    expect(sellListPayload(list)).toEqual([
      expect.objectContaining({ assetid: '1001', price: '12.34', appid: 730, contextid: '2', amount: 1, name: 'AK-47 | Redline (Field-Tested)', condition: 'Field-Tested', rarity: 'classified', statTrak: false, float: 0.2345 }),
      expect.objectContaining({ assetid: '2002', price: '0.99' }),
    ]);
  });
});

describe('reconcileSellList', () => {
  it('drops entries whose item is gone, listed or no longer sellable, and keeps the rest', () => {
    const list = addToSellList(addToSellList([], item(), 500n), item({ assetid: '2002', name: 'AWP | Asiimov (Field-Tested)' }), 700n);
    expect(reconcileSellList(list, [item(), item({ assetid: '2002', name: 'AWP | Asiimov (Field-Tested)' })])).toEqual(list);
    expect(reconcileSellList(list, [item()]).map((entry) => entry.assetid)).toEqual(['1001']);
    expect(reconcileSellList(list, [item({ listed: true }), item({ assetid: '2002', tradable: false })])).toEqual([]);
  });
});
