import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../shared/format';
import { readableDetails, valueText } from './auditDetails';

describe('readableDetails', () => {
  it('lists the reason, each field before and after, and the rest', () => {
    expect(
      readableDetails({
        reason: 'Chargeback fraud',
        before: { frozen: false, frozenReason: null },
        after: { frozen: true, frozenReason: 'Chargeback fraud' },
        ip: '203.0.113.9',
      }),
    ).toEqual({
      reason: 'Chargeback fraud',
      changes: [
        { field: 'frozen', before: 'false', after: 'true' },
        { field: 'frozenReason', before: 'none', after: 'Chargeback fraud' },
      ],
      other: [['ip', '203.0.113.9']],
    });
  });

  it('shows a field only one side has as absent on the other, and plain values as one change', () => {
    expect(readableDetails({ after: { reference: 'PAY-1' } }).changes).toEqual([{ field: 'reference', before: '—', after: 'PAY-1' }]);
    expect(readableDetails({ before: 'requested', after: 'paid' }).changes).toEqual([{ field: 'value', before: 'requested', after: 'paid' }]);
  });

  it('shows amounts recorded in cents as dollars', () => {
    expect(readableDetails({ amountCents: 150000, method: 'bank_wire_usa' }).other).toEqual([
      ['amount', '$1,500.00'],
      ['method', 'bank_wire_usa'],
    ]);
    expect(readableDetails({ before: {}, after: { feeCents: '4500' } }).changes).toEqual([{ field: 'fee', before: '—', after: '$45.00' }]);
  });

  it('has nothing to show for empty details', () => {
    expect(readableDetails({})).toEqual({ reason: null, changes: [], other: [] });
    expect(readableDetails({ reason: '' }).reason).toBeNull();
  });
});

describe('valueText', () => {
  it('writes times as dates and lists of words as lists', () => {
    expect(valueText('2026-11-27T01:09:51.583Z')).toBe(formatDateTime('2026-11-27T01:09:51.583Z'));
    expect(valueText(['admin', 'finance'])).toBe('admin, finance');
  });

  it('writes nested values as JSON', () => {
    expect(valueText({ amount: '1500.00' })).toBe('{"amount":"1500.00"}');
    expect(valueText([{ id: 1 }])).toBe('[{"id":1}]');
    expect(valueText(42)).toBe('42');
  });
});
