/**
 * Turns listing events into Web Push notifications for the seller's subscribed devices, and price
 * alerts (`watch` events) into notifications for the watcher's. Each API
 * process polls the event log; an event is claimed once (a `push_sent` row, first claim wins), then
 * sent after the claim committed, so a slow push service never holds a transaction open. A claimed
 * event whose process dies before sending is not retried: notifications are a convenience, the
 * live stream and the listings screen are the record. Subscriptions the push service reports gone
 * (404/410) are deleted.
 */
import { type DataSource } from 'typeorm';
import { liveEventSchema } from '../../shared/answers/events';
import { type PushMessage } from '../../shared/schemas/push';
import { Listing, PushSubscription } from '../entities';
import { type Logger } from '../logger';
import { listingNotification } from './listingNotification';
import { type PushSender } from './pushSender';
import { watchNotification } from './watchNotification';

const POLL_MS = 2_000;
const BATCH = 50;

interface ClaimedEvent {
  id: string;
  user_id: string;
  type: 'listing' | 'watch';
  payload: Record<string, unknown>;
  created_at: Date;
}

/** Claims the listing and watch events not yet pushed whose user had a device subscribed when they happened. */
async function claimEvents(dataSource: DataSource): Promise<ClaimedEvent[]> {
  return (await dataSource.query(
    `WITH candidates AS (
       SELECT e.id FROM domain_events e
       WHERE e.type IN ('listing', 'watch') AND e.created_at > now() - interval '1 day'
         AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = e.user_id AND s.created_at <= e.created_at)
         AND NOT EXISTS (SELECT 1 FROM push_sent p WHERE p.event_id = e.id)
       ORDER BY e.id LIMIT $1),
     claimed AS (INSERT INTO push_sent (event_id) SELECT id FROM candidates ON CONFLICT DO NOTHING RETURNING event_id)
     SELECT e.id::text AS id, e.user_id, e.type, e.payload, e.created_at FROM domain_events e JOIN claimed c ON c.event_id = e.id ORDER BY e.id`,
    [BATCH],
  )) as ClaimedEvent[];
}

/** The notification of an event; null when it is not worth one. */
async function messageOf(dataSource: DataSource, event: ClaimedEvent): Promise<PushMessage | null> {
  if (event.type === 'watch') {
    const alert = liveEventSchema.safeParse({ type: event.type, payload: event.payload });
    return alert.success && alert.data.type === 'watch' ? watchNotification(alert.data.payload) : null;
  }
  const listingId = event.payload.listingId ?? event.payload.id;
  if (typeof listingId !== 'string') return null;
  const listing = await dataSource.getRepository(Listing).findOneBy({ id: listingId });
  return listing && listingNotification(listing, event.payload);
}

/** Pushes what is due now; answers how many messages went out (tests call it directly). */
export async function dispatchPushes(dataSource: DataSource, sender: PushSender, logger: Logger): Promise<number> {
  let sent = 0;
  for (const event of await claimEvents(dataSource)) {
    const message = await messageOf(dataSource, event);
    if (!message) continue;
    const subscriptions = await dataSource
      .getRepository(PushSubscription)
      .createQueryBuilder('s')
      .where('s.userId = :userId AND s.createdAt <= :at', { userId: event.user_id, at: event.created_at })
      .getMany();
    for (const subscription of subscriptions) {
      const outcome = await sender.send(subscription, message);
      if (outcome === 'sent') sent++;
      if (outcome === 'gone') await dataSource.getRepository(PushSubscription).delete({ id: subscription.id });
      if (outcome === 'failed') logger.warn({ eventId: event.id }, 'a push message could not be delivered');
    }
  }
  return sent;
}

/** Polls every two seconds; returns the function that stops it (after the round in flight). */
export function startPushDispatcher(dataSource: DataSource, sender: PushSender, logger: Logger): () => Promise<void> {
  let inFlight: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    inFlight = inFlight.then(() => dispatchPushes(dataSource, sender, logger)).catch((error: unknown) => logger.warn({ err: error }, 'push dispatch failed'));
  }, POLL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await inFlight;
  };
}
