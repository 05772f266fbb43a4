/** A user's Web Push subscriptions: saving (re-subscribing moves an endpoint to its new owner) and removing. */
import { type DataSource } from 'typeorm';
import { type PushSubscriptionInput } from '../../shared/schemas/push';
import { PushSubscription } from '../entities';

export async function pushSubscriptionSaver(p: { dataSource: DataSource; userId: string; subscription: PushSubscriptionInput }): Promise<void> {
  // One endpoint is one browser profile: whoever signed in there last gets its notifications.
  await p.dataSource
    .createQueryBuilder()
    .insert()
    .into(PushSubscription)
    .values({ userId: p.userId, endpoint: p.subscription.endpoint, p256dh: p.subscription.keys.p256dh, auth: p.subscription.keys.auth })
    .orUpdate(['user_id', 'p256dh', 'auth', 'created_at'], ['endpoint'])
    .execute();
}

/** Removes the user's subscription for that endpoint; answers whether there was one. */
export async function pushSubscriptionRemover(p: { dataSource: DataSource; userId: string; endpoint: string }): Promise<boolean> {
  const result = await p.dataSource.getRepository(PushSubscription).delete({ userId: p.userId, endpoint: p.endpoint });
  return (result.affected ?? 0) > 0;
}
