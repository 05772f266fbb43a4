import { describe, expect, it } from 'vitest';
import { watchNotification } from './watchNotification';

describe('watchNotification', () => {
  it('names the item and its price, and opens the listing in the market', () => {
    expect(watchNotification({ listingId: '5b0d6c1e-8f43-4d1c-9d55-1f0c3a1f2b7e', name: 'AK-47 | Redline (Field-Tested)', price: '1234.50' })).toEqual({
      title: 'Price Alert',
      body: 'AK-47 | Redline (Field-Tested) is on sale for $1,234.50',
      url: '/market?listing=5b0d6c1e-8f43-4d1c-9d55-1f0c3a1f2b7e',
    });
  });
});
