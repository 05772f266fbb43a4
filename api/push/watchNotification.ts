/**
 * The words of a price alert's push notification (a `watch` event, market/watchAlerts.ts); its
 * click opens the listing's item in the market (/market?listing=…, the Buy tab's item dialog).
 */
import { formatUsd, parseMoney } from '../../shared/money';
import { type PushMessage } from '../../shared/schemas/push';

export interface WatchAlert {
  listingId: string;
  name: string;
  /** Two-decimal money, as the event carries it. */
  price: string;
}

export function watchNotification(alert: WatchAlert): PushMessage {
  const cents = parseMoney(alert.price);
  return {
    title: 'Price Alert',
    body: `${alert.name} is on sale for ${cents === null ? `$${alert.price}` : formatUsd(cents)}`,
    url: `/market?listing=${encodeURIComponent(alert.listingId)}`,
  };
}
