/**
 * Sends one Web Push message: encrypted for the subscription (RFC 8291) and signed with our VAPID
 * key (RFC 8292) by the web-push library, delivered with fetch so that the answer's status decides
 * what happens to the subscription (404/410: the browser dropped it).
 */
import webpush from 'web-push';
import { type PushMessage } from '../../shared/schemas/push';
import { type VapidKeys } from './vapid';

const SEND_TIMEOUT_MS = 10_000;
/** A notification about a listing is stale after a day; the push service may drop it then. */
const TTL_SECONDS = 24 * 60 * 60;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type SendOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<SendOutcome>;
}

export function createPushSender(keys: VapidKeys): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target, message) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        { vapidDetails: keys, TTL: TTL_SECONDS, urgency: 'normal' },
      );
      try {
        const response = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: new Uint8Array(details.body as Buffer),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        if (response.ok) return 'sent';
        return response.status === 404 || response.status === 410 ? 'gone' : 'failed';
      } catch {
        return 'failed';
      }
    },
  };
}
