import { describe, expect, it } from 'vitest';
import { itemStatusView, orderSummary } from './orderStatus';

const NOW = Date.parse('2030-01-01T12:00:00Z');
const FUTURE = '2030-01-05T12:00:00.000Z';

describe('itemStatusView', () => {
  it('names the day an item waiting for trade protection is sent', () => {
    const view = itemStatusView({ status: 'awaiting_hold', tradableAt: FUTURE, refunded: false }, NOW);
    expect(view.label).toMatch(/^Waiting for trade protection to end — sends on Jan 5, 2030, /);
    expect(view.tone).toBe('waiting');
  });

  it('says sending shortly once the hold is over', () => {
    const view = itemStatusView({ status: 'awaiting_hold', tradableAt: '2029-12-31T00:00:00Z', refunded: false }, NOW);
    expect(view.label).toBe('Trade protection has ended — sending shortly');
  });

  it('reads sending, delivered and refunded plainly', () => {
    expect(itemStatusView({ status: 'sending', tradableAt: FUTURE, refunded: false }, NOW).badge).toBe('Sending');
    expect(itemStatusView({ status: 'sending', tradableAt: FUTURE, refunded: false }, NOW).label).toMatch(/^Sending trade offer/);
    expect(itemStatusView({ status: 'delivered', tradableAt: FUTURE, refunded: false }, NOW).badge).toBe('Delivered');
    expect(itemStatusView({ status: 'failed', tradableAt: FUTURE, refunded: true }, NOW).badge).toBe('Refunded');
    expect(itemStatusView({ status: 'failed', tradableAt: FUTURE, refunded: false }, NOW).badge).toBe('Delivery failed');
  });
});

describe('orderSummary', () => {
  it('follows the least advanced item', () => {
    expect(orderSummary([{ status: 'delivered', refunded: false }])).toBe('Completed');
    expect(orderSummary([{ status: 'delivered', refunded: false }, { status: 'failed', refunded: true }])).toBe('Completed');
    expect(orderSummary([{ status: 'failed', refunded: true }])).toBe('Refunded');
    expect(orderSummary([{ status: 'sending', refunded: false }, { status: 'awaiting_hold', refunded: false }])).toBe('Sending');
    expect(orderSummary([{ status: 'awaiting_hold', refunded: false }])).toBe('In progress');
  });
});
