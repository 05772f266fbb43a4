import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import {
  abbreviateCount,
  formatCountdown,
  formatDate,
  formatDateTime,
  formatFloatValue,
  holdProgressPercent,
  maskBankAccount,
  maskCryptoAddress,
  maskIban,
  splitDisplayName,
} from './format';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('abbreviateCount', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [1_000, '1.0K'],
    [1_049, '1.0K'],
    [1_050, '1.1K'],
    [1_500, '1.5K'],
    [9_999, '10.0K'],
    [12_345, '12.3K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [999_999, '1.0M'],
    [1_000_000, '1.0M'],
    [1_049_999, '1.0M'],
    [1_050_000, '1.1M'],
    [2_345_678, '2.3M'],
    [999_999_999, '1000.0M'],
    [1_234_567_890, '1234.6M'],
    [Number.MAX_SAFE_INTEGER - 100_000, '9007199254.6M'],
  ])('%i → %j', (n, text) => {
    expect(abbreviateCount(n)).toBe(text);
  });

  it('keeps the sign of negative counts', () => {
    expect(abbreviateCount(-5)).toBe('-5');
    expect(abbreviateCount(-1_500)).toBe('-1.5K');
    expect(abbreviateCount(-999_950)).toBe('-1.0M');
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('throws on the non-integer %d', (n) => {
    expect(() => abbreviateCount(n)).toThrow(RangeError);
  });
});

describe('formatCountdown', () => {
  it.each([
    [-DAY, '0m'],
    [0, '0m'],
    [1, '0m'],
    [59 * SECOND, '0m'],
    [MINUTE, '1m'],
    [MINUTE + 59 * SECOND, '1m'],
    [59 * MINUTE + 59 * SECOND, '59m'],
    [HOUR - 1, '59m'],
    [HOUR, '1h 0m'],
    [HOUR + MINUTE, '1h 1m'],
    [23 * HOUR + 59 * MINUTE, '23h 59m'],
    [DAY - 1, '23h 59m'],
    [DAY, '1d 0h 0m'],
    [DAY + 5 * MINUTE, '1d 0h 5m'],
    [DAY + HOUR, '1d 1h 0m'],
    [7 * DAY, '7d 0h 0m'],
    [6 * DAY + 23 * HOUR + 59 * MINUTE + 59 * SECOND, '6d 23h 59m'],
  ])('%i ms → %j', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });

  it('shows 0m for values that are not finite', () => {
    expect(formatCountdown(Number.NaN)).toBe('0m');
    expect(formatCountdown(Number.POSITIVE_INFINITY)).toBe('0m');
  });
});

describe('holdProgressPercent', () => {
  const start = '2025-01-01T00:00:00.000Z';
  const end = '2025-01-08T00:00:00.000Z';
  const at = (iso: string) => new Date(iso);

  it.each([
    ['before the start', '2024-12-31T00:00:00.000Z', 0],
    ['at the start', start, 0],
    ['one millisecond in', '2025-01-01T00:00:00.001Z', 0],
    ['half way', '2025-01-04T12:00:00.000Z', 50],
    ['one millisecond before the end', '2025-01-07T23:59:59.999Z', 99],
    ['at the end', end, 100],
    ['after the end', '2025-02-01T00:00:00.000Z', 100],
  ])('%s', (_label, now, percent) => {
    expect(holdProgressPercent(start, end, at(now))).toBe(percent);
  });

  it('floors to a whole percent', () => {
    // 1/3 of the week has passed: 33.33…%
    expect(holdProgressPercent(start, end, new Date(Date.parse(start) + (7 * DAY) / 3))).toBe(33);
  });

  it('accepts Date objects', () => {
    expect(holdProgressPercent(at(start), at(end), at('2025-01-02T18:00:00.000Z'))).toBe(25);
  });

  it('counts an empty or inverted period as done', () => {
    expect(holdProgressPercent(start, start, at('2020-01-01T00:00:00.000Z'))).toBe(100);
    expect(holdProgressPercent(end, start, at(start))).toBe(100);
  });

  it('throws on an invalid date', () => {
    expect(() => holdProgressPercent('not a date', end, at(start))).toThrow(RangeError);
    expect(() => holdProgressPercent(start, '', at(start))).toThrow(RangeError);
    expect(() => holdProgressPercent(start, end, new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('formatFloatValue', () => {
  it.each([
    [0, 4, '0.0000'],
    [0.07, 4, '0.0700'],
    [0.123456789, 4, '0.1235'],
    [0.123456789, 8, '0.12345679'],
    [1, 4, '1.0000'],
    ['0.25', 4, '0.2500'],
    ['0.0123456789', 8, '0.01234568'],
  ])('%j with %i decimals → %j', (value, decimals, text) => {
    expect(formatFloatValue(value, decimals)).toBe(text);
  });

  it('uses 4 decimals by default', () => {
    expect(formatFloatValue(0.5)).toBe('0.5000');
  });

  it.each([null, undefined, '', '   ', 'abc', Number.NaN, Number.POSITIVE_INFINITY, 'Infinity'])(
    'shows N/A for %j',
    (value) => {
      expect(formatFloatValue(value)).toBe('N/A');
    },
  );
});

describe('maskCryptoAddress', () => {
  it('keeps the first 20 and last 8 characters of a long address', () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(maskCryptoAddress(address)).toBe('0x52908400098527886E\u2026E4169EE7');
  });

  it('masks from 29 characters', () => {
    const address = 'abcdefghijklmnopqrstuvwxyz012';
    expect(address).toHaveLength(29);
    expect(maskCryptoAddress(address)).toBe('abcdefghijklmnopqrst\u2026vwxyz012');
  });

  it('returns addresses of 28 characters or fewer unchanged', () => {
    expect(maskCryptoAddress('abcdefghijklmnopqrstuvwxyz01')).toBe('abcdefghijklmnopqrstuvwxyz01');
    expect(maskCryptoAddress('1BoatSLRHtKNngkdXEeobR76b53')).toBe('1BoatSLRHtKNngkdXEeobR76b53');
    expect(maskCryptoAddress('')).toBe('');
  });
});

describe('maskBankAccount', () => {
  it('shows *** and the last 4 digits', () => {
    expect(maskBankAccount('123456789012')).toBe('***9012');
    expect(maskBankAccount('1234')).toBe('***1234');
  });

  it('handles short inputs', () => {
    expect(maskBankAccount('12')).toBe('***12');
    expect(maskBankAccount('')).toBe('***');
  });
});

describe('maskIban', () => {
  it('shows the country code, **** and the last 4', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE****3000');
  });

  it('drops spaces and uppercases', () => {
    expect(maskIban('de89 3704 0044 0532 0130 00')).toBe('DE****3000');
  });

  it('never repeats the country code in the suffix of short inputs', () => {
    expect(maskIban('DE1234')).toBe('DE****1234');
    expect(maskIban('DE12')).toBe('DE****12');
    expect(maskIban('DE')).toBe('DE****');
    expect(maskIban('')).toBe('****');
  });
});

describe('splitDisplayName', () => {
  it.each([
    ['John Smith', 'John', 'Smith'],
    ['John', 'John', ''],
    ['  John   Ronald   Reuel  Tolkien ', 'John', 'Ronald Reuel Tolkien'],
    ['John\t\nSmith', 'John', 'Smith'],
    ['', '', ''],
    ['    ', '', ''],
  ])('%j → %j / %j', (displayName, firstName, lastName) => {
    expect(splitDisplayName(displayName)).toEqual({ firstName, lastName });
  });
});

describe('formatDateTime and formatDate', () => {
  const iso = '2025-01-29T15:04:05.000Z';

  it('formats in en-US in the given time zone', () => {
    expect(formatDateTime(iso, 'UTC')).toBe('Jan 29, 2025, 3:04 PM');
    expect(formatDate(iso, 'UTC')).toBe('Jan 29, 2025');
  });

  it('shifts the date with the time zone', () => {
    expect(formatDateTime('2025-01-30T02:30:00.000Z', 'America/New_York')).toBe('Jan 29, 2025, 9:30 PM');
    expect(formatDate('2025-01-30T02:30:00.000Z', 'America/New_York')).toBe('Jan 29, 2025');
    expect(formatDateTime('2025-01-29T00:05:00.000Z', 'UTC')).toBe('Jan 29, 2025, 12:05 AM');
  });

  // UTC, like the runtime's own zone, is written without Intl (see format.ts): it must read as Intl's.
  it('reads in UTC as Intl does', () => {
    const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    const date = intl({ month: 'short', day: 'numeric', year: 'numeric' });
    const dateTime = intl({ month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (at) => {
        expect(formatDate(at.toISOString(), 'UTC')).toBe(date.format(at));
        expect(formatDateTime(at.toISOString(), 'UTC')).toBe(dateTime.format(at).replace(/[\u202f\u2009]/g, ' '));
      }),
      { numRuns: 500 },
    );
  });

  it('uses only plain spaces', () => {
    expect(formatDateTime(iso, 'UTC')).not.toMatch(/[\u202f\u2009\u00a0]/);
  });

  it("defaults to the runtime's time zone", () => {
    const runtimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatDateTime(iso)).toBe(formatDateTime(iso, runtimeZone));
    expect(formatDate(iso)).toBe(formatDate(iso, runtimeZone));
  });

  // The runtime's own zone is formatted without Intl: it must read exactly as Intl's en-US would,
  // in zones with half-hour and 45-minute offsets and daylight saving, at any time of day.
  it.each(['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Australia/Lord_Howe'])("reads in %s's own zone as Intl does", (zone) => {
    const savedZone = process.env.TZ;
    process.env.TZ = zone;
    try {
      fc.assert(
        fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (date) => {
          const at = date.toISOString();
          expect(formatDateTime(at)).toBe(formatDateTime(at, zone));
          expect(formatDate(at)).toBe(formatDate(at, zone));
        }),
        { numRuns: 500 },
      );
    } finally {
      if (savedZone === undefined) delete process.env.TZ;
      else process.env.TZ = savedZone;
    }
  });

  it('throws on an invalid timestamp', () => {
    expect(() => formatDateTime('not a date', 'UTC')).toThrow(RangeError);
    expect(() => formatDate('', 'UTC')).toThrow(RangeError);
  });
});
