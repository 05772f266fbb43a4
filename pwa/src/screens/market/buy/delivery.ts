import { formatDate } from '../../../../../shared/format';

/**
 * When a bought item can be sent: 'Ready to send' once the seller's trade protection is over, else
 * the day it ends ('Sends after Nov 25, 2026'; `long` adds why, for the dialog), in `timeZone`
 * (default: the browser's).
 */
export function deliveryText(tradableAt: string, { long = false, now = Date.now(), timeZone }: { long?: boolean; now?: number; timeZone?: string } = {}): string {
  const time = Date.parse(tradableAt);
  if (Number.isNaN(time) || time <= now) return 'Ready to send';
  const day = formatDate(tradableAt, timeZone);
  return long ? `After trade protection ends (${day})` : `Sends after ${day}`;
}
