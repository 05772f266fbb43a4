/**
 * Display helpers shared by the PWA and the API (e-mails, admin output), so a count, countdown or
 * masked account looks the same wherever it is shown. Money formatting lives in ./money.
 */

const MINUTE_MS = 60_000;
const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/** `n / divisor` rounded half up, in integer steps so huge counts cannot round the wrong way. */
function divideRoundHalfUp(n: number, divisor: number): number {
  const shifted = n + divisor / 2;
  return (shifted - (shifted % divisor)) / divisor;
}

/** Tenths as "12.3". */
function formatTenths(tenths: number): string {
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/**
 * Stat abbreviation: below 1,000 the plain number, then one decimal with K, and
 * from 1,000,000 with M (also beyond a billion: there is no larger unit). Rounds half up and
 * moves to the next unit when rounding reaches it: 999_950 is "1.0M", not "1000.0K". Negative counts
 * keep their sign ("-1.5K"); non-integers throw a RangeError, as counts are always whole.
 */
export function abbreviateCount(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Count must be an integer: ${n}`);
  if (n < 0) return `-${abbreviateCount(-n)}`;
  if (n < 1_000) return String(n);
  const thousandTenths = divideRoundHalfUp(n, 100);
  if (thousandTenths < 10_000) return `${formatTenths(thousandTenths)}K`;
  return `${formatTenths(divideRoundHalfUp(n, 100_000))}M`;
}

/**
 * Time left on a trade hold: 'Xd Yh Zm' from one day, 'Yh Zm' from one hour, else 'Zm', with
 * partial minutes dropped so it never promises more time than remains. Nothing left, or a value
 * that is not finite (e.g. from an unparseable date), shows '0m'.
 */
export function formatCountdown(msRemaining: number): string {
  if (!Number.isFinite(msRemaining) || msRemaining <= 0) return '0m';
  const totalMinutes = Math.floor(msRemaining / MINUTE_MS);
  const days = Math.floor(totalMinutes / MINUTES_PER_DAY);
  const hours = Math.floor((totalMinutes % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  const minutes = totalMinutes % MINUTES_PER_HOUR;
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m`;
}

function toTime(value: string | Date): number {
  const time = typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (Number.isNaN(time)) throw new RangeError(`Invalid date: ${String(value)}`);
  return time;
}

/**
 * Whole percent of a hold period elapsed at `now` (floored, so 100 means really finished), clamped to
 * 0..100; an empty or inverted period counts as done. Invalid dates throw a RangeError: the API
 * always sends ISO timestamps, so one that does not parse is a bug to surface, not to hide.
 */
export function holdProgressPercent(startIso: string | Date, endIso: string | Date, now: Date): number {
  const start = toTime(startIso);
  const end = toTime(endIso);
  const current = toTime(now);
  if (end <= start) return 100;
  const percent = Math.floor(((current - start) * 100) / (end - start));
  return Math.min(100, Math.max(0, percent));
}

/**
 * Wear float with fixed decimals (4 in cards, 8 in the desktop detail). This is not
 * money, so a JS number is fine. Missing, blank or non-numeric values show 'N/A'.
 */
export function formatFloatValue(value: number | string | null | undefined, decimals = 4): string {
  if (value == null || (typeof value === 'string' && value.trim() === '')) return 'N/A';
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number.toFixed(decimals) : 'N/A';
}

const CRYPTO_PREFIX_LENGTH = 20;
const CRYPTO_SUFFIX_LENGTH = 8;

/**
 * Saved crypto address for display: first 20 characters, '…', last 8. Addresses of
 * 28 characters or fewer are returned whole, as masking them would hide nothing.
 */
export function maskCryptoAddress(address: string): string {
  if (address.length <= CRYPTO_PREFIX_LENGTH + CRYPTO_SUFFIX_LENGTH) return address;
  return `${address.slice(0, CRYPTO_PREFIX_LENGTH)}\u2026${address.slice(-CRYPTO_SUFFIX_LENGTH)}`;
}

/** Bank account number for display: '***' plus the last 4 digits. */
export function maskBankAccount(account: string): string {
  return `***${account.slice(-4)}`;
}

/**
 * IBAN for display: country code, '****', last 4 ('DE****3000'). Spaces are dropped and letters
 * uppercased first; for inputs too short to have a hidden middle the suffix never repeats the
 * country code ('DE12' gives 'DE****12').
 */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, 2)}****${compact.slice(Math.max(2, compact.length - 4))}`;
}

/**
 * Splits a Steam display name into the profile's first and last name: the first word, then the rest
 * joined by single spaces. Blank input gives two empty strings.
 */
export function splitDisplayName(displayName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = displayName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  ...DATE_OPTIONS,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};

/** Formatters by time zone, each built once: building one costs far more than using it. */
const formatters = new Map<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

function formatInZone(options: Intl.DateTimeFormatOptions, time: number, timeZone: string): string {
  let byZone = formatters.get(options);
  if (!byZone) formatters.set(options, (byZone = new Map()));
  let formatter = byZone.get(timeZone);
  if (!formatter) byZone.set(timeZone, (formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone })));
  // Newer ICU data puts a narrow or thin no-break space before AM/PM; normalise so every browser
  // and Node render the same text.
  return formatter.format(time).replace(/[\u202f\u2009]/g, ' ');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface DateFields {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

/*
 * In the runtime's own time zone (every screen's case) and in UTC (the market's cards while the
 * server's HTML hydrates) the text is built from Date's fields, the same text as Intl's en-US: the
 * browser's first Intl date formatter loads its locale and time zone data, 15-30 ms of a page's
 * start on a desktop, several times that on a phone.
 */
/** The date's fields in the runtime's zone (no `timeZone`) or in UTC; undefined for any other zone, which Intl writes. */
function fieldsWithoutIntl(time: number, timeZone: string | undefined): DateFields | undefined {
  const date = new Date(time);
  if (timeZone === undefined) {
    return { year: date.getFullYear(), month: date.getMonth(), day: date.getDate(), hours: date.getHours(), minutes: date.getMinutes() };
  }
  if (timeZone === 'UTC') {
    return { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate(), hours: date.getUTCHours(), minutes: date.getUTCMinutes() };
  }
  return undefined;
}

function dateText({ year, month, day }: DateFields): string {
  return `${MONTHS[month]} ${day}, ${year}`;
}

function dateTimeText(fields: DateFields): string {
  const { hours, minutes } = fields;
  return `${dateText(fields)}, ${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * Timestamp for display, e.g. 'Jan 29, 2025, 3:04 PM', in `timeZone` (default: the runtime's own).
 * Throws a RangeError on an unparseable timestamp.
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  const time = toTime(iso);
  const fields = fieldsWithoutIntl(time, timeZone);
  return fields ? dateTimeText(fields) : formatInZone(DATE_TIME_OPTIONS, time, timeZone!);
}

/** Date for display, e.g. 'Jan 29, 2025', in `timeZone` (default: the runtime's own). Throws on an unparseable date. */
export function formatDate(iso: string, timeZone?: string): string {
  const time = toTime(iso);
  const fields = fieldsWithoutIntl(time, timeZone);
  return fields ? dateText(fields) : formatInZone(DATE_OPTIONS, time, timeZone!);
}
