/**
 * The internal event bus. A state change records its event in the same transaction
 * (`recordEvent`), so an event exists exactly when its change committed; PostgreSQL NOTIFY (sent
 * at commit) tells every API process that a new event is there. The log is durable, so live
 * updates can resume from an event id.
 */
import { type EntityManager } from 'typeorm';
import type { LiveEvent, LiveEventType } from '../../shared/answers/events';

export type DomainEventType = LiveEventType;

export const DOMAIN_EVENTS_CHANNEL = 'domain_events';

/** A live event (the payloads the PWA applies, shared/answers/events.ts) and the user whose tabs and devices hear of it. */
export type DomainEvent = LiveEvent & { userId: string };

/** Records the event inside the caller's transaction; NOTIFY is delivered when it commits. */
export async function recordEvent(manager: EntityManager, event: DomainEvent): Promise<string> {
  const [row] = (await manager.query(
    'INSERT INTO domain_events (user_id, type, payload) VALUES ($1, $2, $3) RETURNING id::text AS id',
    [event.userId, event.type, JSON.stringify(event.payload)],
  )) as Array<{ id: string }>;
  await manager.query('SELECT pg_notify($1, $2)', [DOMAIN_EVENTS_CHANNEL, JSON.stringify({ id: row!.id, userId: event.userId, type: event.type })]);
  return row!.id;
}

/** Records several events in one statement (one round trip), in order, each NOTIFYd at commit as by `recordEvent`. */
export async function recordEvents(manager: EntityManager, events: DomainEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = (await manager.query(
    `WITH recorded AS (
       INSERT INTO domain_events (user_id, type, payload)
       SELECT (event->>'userId')::uuid, event->>'type', event->'payload'
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS events(event, n) ORDER BY n
       RETURNING id, user_id, type
     )
     SELECT id::text AS id, pg_notify($2, json_build_object('id', id::text, 'userId', user_id, 'type', type)::text) FROM recorded ORDER BY id`,
    [JSON.stringify(events), DOMAIN_EVENTS_CHANNEL],
  )) as Array<{ id: string }>;
  return rows.map((row) => row.id);
}
