/**
 * What the item dialog's price history shows, worked out apart from the drawing: the periods' labels,
 * the one-line summary screen readers hear (and everybody reads under the chart), the chart's series
 * and how long ago a sale was. Amounts stay the API's: parsed to integer cents, formatted, compared,
 * never computed with (docs/adr/0001-money-as-integer-cents.md).
 */
import { formatDate } from '../../../../../shared/format';
import type { PricePoint, PricePeriod } from '../../../../../shared/answers/items';
import type { PriceHistoryDays } from '../../../../../shared/constants';
import { formatUsd, parseMoney } from '../../../../../shared/money';

/** The chart's height: its placeholder while it loads takes the same room. */
export const CHART_HEIGHT_PX = 180;

/** The period buttons' labels, and what they read as. */
export const PERIOD_LABELS: Record<PriceHistoryDays, { short: string; long: string }> = {
  7: { short: '7D', long: '7 days' },
  30: { short: '30D', long: '30 days' },
  90: { short: '90D', long: '90 days' },
  365: { short: '1Y', long: '1 year' },
};

const usd = (money: string) => formatUsd(parseMoney(money) ?? 0n);
const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** "Median $12.34 over 30 days, from $10.00 to $15.00, 42 sales", or that there were none. */
export function historySummary(period: PricePeriod, days: PriceHistoryDays): string {
  const over = PERIOD_LABELS[days].long;
  if (period.volume === 0 || period.median === null || period.low === null || period.high === null) return `No sales in the last ${over}`;
  return `Median ${usd(period.median)} over ${over}, from ${usd(period.low)} to ${usd(period.high)}, ${plural(period.volume, 'sale')}`;
}

/**
 * The chart's data: each day's UTC midnight in seconds, and its high, low and median in cents. The
 * chart places them (a number holds any price exactly: they stop at 10,000,000 cents); nothing adds
 * or divides them.
 */
export function chartSeries(points: readonly PricePoint[]): [number[], number[], number[], number[]] {
  const cents = (money: string) => Number(parseMoney(money) ?? 0n);
  return [
    points.map((point) => Date.parse(`${point.date}T00:00:00Z`) / 1000),
    points.map((point) => cents(point.high)),
    points.map((point) => cents(point.low)),
    points.map((point) => cents(point.median)),
  ];
}

/** A price axis label for a value of the chart's scale (cents; between prices, a scale's step may fall on a fraction). */
export function axisPrice(cents: number): string {
  return formatUsd(BigInt(Math.round(cents)));
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** "just now", "5 minutes ago", "3 hours ago", "12 days ago"; a date from 30 days on. */
export function timeAgo(iso: string, now: number): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return `${plural(Math.floor(elapsed / MINUTE_MS), 'minute')} ago`;
  if (elapsed < DAY_MS) return `${plural(Math.floor(elapsed / HOUR_MS), 'hour')} ago`;
  if (elapsed < 30 * DAY_MS) return `${plural(Math.floor(elapsed / DAY_MS), 'day')} ago`;
  return formatDate(iso);
}

/** A date axis label: the UTC day of a moment in seconds, without its year ("Nov 22"). */
export function axisDate(seconds: number): string {
  return formatDate(new Date(seconds * 1000).toISOString(), 'UTC').split(',')[0]!;
}
