/**
 * Web Push for this device (docs/adr/0032-domain-events-sse-and-web-push.md): whether this browser is subscribed, subscribing
 * (the server's VAPID key from GET /api/push/public-key, then the browser's push service, then
 * POST /api/push/subscriptions with `PushSubscription.toJSON()`), and unsubscribing (DELETE
 * /api/push/subscriptions?endpoint=…, then the browser's own unsubscribe). The service worker shows
 * the notifications (sw.ts).
 */
import { pushPublicKeyAnswer, pushSubscribedAnswer, pushUnsubscribedAnswer } from '../../../shared/answers/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../api/client';
import { USER_SCOPED } from '../queryClient';
import { useCurrentUser } from './user';

export const pushKeys = {
  all: ['push'] as const,
  /** Whether this browser holds a push subscription. */
  device: () => [...pushKeys.all, 'device'] as const,
};

/** The browser can receive Web Push (service worker, PushManager and notifications). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** Thrown when the user (or the browser) refused notifications. */
export class NotificationsBlockedError extends Error {
  constructor() {
    super('Notifications are blocked for this site. Allow them in your browser settings to be notified.');
    this.name = 'NotificationsBlockedError';
  }
}

async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function subscribeDevice(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new NotificationsBlockedError();
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await apiFetch('/api/push/public-key', pushPublicKeyAnswer);
  const fresh = () => registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const subscription = (await registration.pushManager.getSubscription()) ?? (await fresh());
  try {
    await apiFetch('/api/push/subscriptions', pushSubscribedAnswer, { method: 'POST', body: subscription.toJSON() });
  } catch (error) {
    // The browser's subscription still belongs to an account that used this device before (its
    // session ended without signing out): the server never hands an endpoint over, so this
    // account gets a new one of its own.
    if (!(error instanceof ApiError && error.body.code === 'push_endpoint_taken')) throw error;
    await subscription.unsubscribe();
    await apiFetch('/api/push/subscriptions', pushSubscribedAnswer, { method: 'POST', body: (await fresh()).toJSON() });
  }
}

/** Stops pushes to this device: the server forgets it first (it needs the session), then the browser. */
export async function unsubscribeDevice(): Promise<void> {
  const subscription = await deviceSubscription();
  if (!subscription) return;
  await apiFetch(`/api/push/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`, pushUnsubscribedAnswer, { method: 'DELETE' });
  await subscription.unsubscribe();
}

/** Whether this device gets push notifications (false where the browser cannot). */
export function usePushSubscriptionQuery() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: pushKeys.device(),
    queryFn: async () => (await deviceSubscription()) !== null,
    enabled: Boolean(user) && pushSupported(),
    meta: USER_SCOPED,
    networkMode: 'always',
  });
}

/** Turns notifications for this device on (true) or off (false). */
export function useSetPushSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => (enabled ? subscribeDevice() : unsubscribeDevice()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.device() }),
  });
}
