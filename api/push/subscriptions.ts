/** A user's Web Push subscriptions: saving (an endpoint belongs to the user who subscribed it first) and removing. */
import { type DataSource } from 'typeorm';
import { type PushSubscriptionInput } from '../../shared/schemas/push';
import { PushSubscription } from '../entities';
import { conflict } from '../errors';

/**
 * Saves the subscription, or updates the keys of the caller's own one. An endpoint another user
 * holds is refused, never moved: the endpoint is a browser's secret, and whoever presents it must
 * not get that user's notifications; signing out unsubscribes the device, which frees it.
 */
export async function pushSubscriptionSaver(p: { dataSource: DataSource; userId: string; subscription: PushSubscriptionInput }): Promise<void> {
  // One statement: the owner check and the write cannot be split by a concurrent subscribe.
  const saved = (await p.dataSource.query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
     ON CONFLICT (endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth
       WHERE push_subscriptions.user_id = EXCLUDED.user_id
     RETURNING id`,
    [p.userId, p.subscription.endpoint, p.subscription.keys.p256dh, p.subscription.keys.auth],
  )) as unknown[];
  if (saved.length === 0) throw conflict('This device already gets notifications for another account', 'push_endpoint_taken');
}

/** Removes the user's subscription for that endpoint; answers whether there was one. */
export async function pushSubscriptionRemover(p: { dataSource: DataSource; userId: string; endpoint: string }): Promise<boolean> {
  const result = await p.dataSource.getRepository(PushSubscription).delete({ userId: p.userId, endpoint: p.endpoint });
  return (result.affected ?? 0) > 0;
}
