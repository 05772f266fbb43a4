/** The seller's listing answer: money as two-decimal strings, the 3% fee rounded half up (docs/adr/0001-money-as-integer-cents.md). */
import { describe, expect, it } from 'vitest';
import { feeCents } from '../../shared/money';
import { Listing } from '../entities';
import { presentListing } from './listing';

function listing(priceCents: bigint): Listing {
  return Object.assign(new Listing(), {
    id: '7f6f2c8e-7a43-4a55-9e0f-0d7c1b2f3a4b',
    name: 'AK-47 | Redline (Field-Tested)',
    condition: 'Field-Tested',
    rarity: 'classified',
    imageUrl: '/dev/steam/economy/image/x',
    statTrak: false,
    souvenir: false,
    float: 0.2512,
    paintSeed: 661,
    priceCents,
    feeCents: feeCents(priceCents),
    status: 'holding',
    soldAt: null,
    cancelReason: null,
    holdStartTime: new Date('2026-01-01T00:00:00Z'),
    holdEndTime: new Date('2026-01-08T00:00:00Z'),
    createdAt: new Date('2026-01-01T00:00:01Z'),
  });
}

describe('presentListing', () => {
  it.each([
    // price, fee (3% half up), what the seller receives
    [1n, '0.01', '0.00', '0.01'],
    [99n, '0.99', '0.03', '0.96'],
    [1234n, '12.34', '0.37', '11.97'],
    [10_000_000n, '100000.00', '3000.00', '97000.00'],
    [50n, '0.50', '0.02', '0.48'], // 1.5 cents rounds up
    [16n, '0.16', '0.00', '0.16'], // 0.48 cents rounds down
  ])('%s cents: sellPrice %s, platformFee %s, finalAmount %s', (cents, sellPrice, platformFee, finalAmount) => {
    expect(presentListing(listing(cents))).toMatchObject({ sellPrice, platformFee, finalAmount });
  });

  it('answers exactly the contract fields, times in ISO 8601 UTC', () => {
    const answer = presentListing(Object.assign(listing(1234n), { soldAt: new Date(), status: 'payment_pending' }));
    expect(answer).toEqual({
      id: '7f6f2c8e-7a43-4a55-9e0f-0d7c1b2f3a4b',
      name: 'AK-47 | Redline (Field-Tested)',
      condition: 'Field-Tested',
      rarity: 'classified',
      imageUrl: '/dev/steam/economy/image/x',
      statTrak: false,
      souvenir: false,
      float: 0.2512,
      paintSeed: 661,
      sellPrice: '12.34',
      platformFee: '0.37',
      finalAmount: '11.97',
      status: 'payment_pending',
      sold: true,
      holdStartTime: '2026-01-01T00:00:00.000Z',
      holdEndTime: '2026-01-08T00:00:00.000Z',
      createdAt: '2026-01-01T00:00:01.000Z',
      cancelReason: null,
    });
  });
});
