/**
 * Display of money amounts. The API sends money as decimal strings ("12.34"); the UI shows them
 * with exactly two decimals, and an empty or missing amount as "0.00" (spec: balance display).
 */
const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/** "12.3" → "12.30", "" / null → "0.00". Digits are kept as text, so no float rounding creeps in. */
export function formatAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '0.00';
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) {
    const parsed = Number(text);
    return Number.isFinite(parsed) ? parsed.toFixed(2) : '0.00';
  }
  const [, sign = '', whole = '0', fraction = ''] = match;
  return `${sign}${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** "$12.30": the dollar form used for balances and prices. */
export function formatDollars(value: string | number | null | undefined): string {
  const amount = formatAmount(value);
  return amount.startsWith('-') ? `-$${amount.slice(1)}` : `$${amount}`;
}
