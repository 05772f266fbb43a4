/** How the console shows the API's values: money with `$`, dates, the server's snake_case words. */
import { PAYMENT_METHOD_LABELS } from '../../../shared/constants';
import { formatDateTime } from '../../../shared/format';
import { formatUsd, parseMoney } from '../../../shared/money';
import { ApiError } from '../api/client';

/** An amount as the API sends it ("1500.00", "-10.00") as "$1,500.00", "-$10.00"; anything unexpected as sent. */
export function usd(amount: string): string {
  const negative = amount.startsWith('-');
  const cents = parseMoney(amount.replace(/^[+-]/, ''));
  if (cents === null) return amount;
  return formatUsd(negative ? -cents : cents);
}

/** A timestamp as "Jan 29, 2025, 3:04 PM" in the browser's time zone; an unreadable one as sent. */
export function when(iso: string): string {
  try {
    return formatDateTime(iso);
  } catch {
    return iso;
  }
}

/** A name of the API ("item_lost", "withdrawal.approve", "frozenAt") in words: "Item lost", "Withdrawal approve", "Frozen at". */
export function words(value: string): string {
  const spaced = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._]+/g, ' ')
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** What went wrong, for the console to show next to what was tried: the server's own message when it sent one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return error.detail || 'Your roles do not allow this.';
    return error.detail || `The server answered ${error.status}.`;
  }
  return 'The server could not be reached. Check the connection and try again.';
}

/** A user's name as the console shows it: the display name they chose, or their SteamID until they choose one. */
export function personName(user: { displayName: string; steamId: string }): string {
  return user.displayName.trim() || `Steam user ${user.steamId}`;
}

/** A payment method's type ("iban_sepa") as the app names it ("IBAN / SEPA"). */
export function methodLabel(type: string): string {
  return (PAYMENT_METHOD_LABELS as Record<string, string>)[type] ?? words(type);
}
