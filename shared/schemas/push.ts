/** Web Push subscriptions (docs/adr/0032-domain-events-sse-and-web-push.md): what a browser's PushSubscription.toJSON() gives. */
import { text, z } from './zod';

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Not base64url').max(200);

export const pushSubscriptionSchema = z.object({
  endpoint: text().max(1000).pipe(z.url({ protocol: /^https?$/, error: 'Not a push service URL' })),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.strictObject({ endpoint: text().min(1).max(1000) });

/** What the service worker receives in a push message. */
export interface PushMessage {
  title: string;
  body: string;
  /** Where a click on the notification goes: a path of the app (/listings, /market?listing=… for a price alert). */
  url: string;
  /** The seller's listing as the API presents it, so the worker can update its copy (listing events only). */
  listing?: Record<string, unknown>;
}
