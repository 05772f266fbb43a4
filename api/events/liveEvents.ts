/**
 * Live events for open tabs. Each API process keeps one PostgreSQL connection LISTENing on the
 * domain-event channel; a NOTIFY (sent when an event's transaction commits, in whichever process
 * made it) wakes the subscribers of that user here, who read the new rows from the durable log.
 * Reading from the log rather than trusting NOTIFY payloads is what makes resuming with
 * `Last-Event-ID` and catching up after a lost connection the same code path.
 */
import pg from 'pg';
import { type DataSource } from 'typeorm';
import { type Logger } from '../logger';
import { DOMAIN_EVENTS_CHANNEL, type DomainEventType } from './domainEvents';

export interface StoredEvent {
  id: string;
  type: DomainEventType;
  payload: Record<string, unknown>;
  createdAt: string;
}

/** Events a reconnecting client may catch up on at most (older ones: it reloads its data). */
const REPLAY_LIMIT = 200;
const RECONNECT_MS = 1_000;

type Wake = () => void;

export interface EventHub {
  /** Events of the user after `afterId`, oldest first. */
  eventsAfter(userId: string, afterId: string): Promise<StoredEvent[]>;
  /** The newest event id of the user ('0' when none): where a fresh subscription starts. */
  latestId(userId: string): Promise<string>;
  /** Calls `wake` whenever an event for the user may have arrived; returns the unsubscribe function. */
  subscribe(userId: string, wake: Wake): () => void;
  /** Stops listening and tells every subscriber to end (shutdown). */
  close(): Promise<void>;
  /** Ends every open subscription (the server is draining). */
  onClose(listener: () => void): () => void;
}

export function createEventHub(dataSource: DataSource, logger: Logger): EventHub {
  const subscribers = new Map<string, Set<Wake>>();
  const closeListeners = new Set<() => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const wakeAll = (userId?: string) => {
    const targets = userId ? [subscribers.get(userId)] : [...subscribers.values()];
    for (const set of targets) for (const wake of set ?? []) wake();
  };

  let connecting: pg.Client | undefined;

  async function connect(): Promise<void> {
    // One attempt at a time: subscribers arriving while the database is away would each start one.
    if (closed || client || connecting) return;
    const url = (dataSource.options as { url?: string }).url;
    // A frozen database must not leave the attempt (or the LISTEN) waiting forever.
    const candidate = new pg.Client({ connectionString: url, application_name: 'skinmarket-events', connectionTimeoutMillis: 2_000, query_timeout: 5_000, keepAlive: true });
    connecting = candidate;
    candidate.on('notification', (message) => {
      if (message.channel !== DOMAIN_EVENTS_CHANNEL || !message.payload) return;
      try {
        wakeAll((JSON.parse(message.payload) as { userId: string }).userId);
      } catch {
        // A malformed notification names nobody; the next one will.
      }
    });
    candidate.on('error', (error) => {
      logger.warn({ err: error }, 'live events connection lost');
      candidate.end().catch(() => undefined);
      if (client === candidate) client = undefined;
      scheduleReconnect();
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${DOMAIN_EVENTS_CHANNEL}`);
      client = candidate;
      // Anything committed while we were not listening is in the log: let every subscriber look.
      wakeAll();
    } catch (error) {
      logger.warn({ err: error }, 'live events could not listen; retrying');
      candidate.end().catch(() => undefined);
      scheduleReconnect();
    } finally {
      connecting = undefined;
    }
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, RECONNECT_MS);
    reconnectTimer.unref();
  }

  return {
    async eventsAfter(userId, afterId) {
      const rows = (await dataSource.query(
        `SELECT id::text AS id, type, payload, created_at FROM domain_events
         WHERE user_id = $1 AND id > $2::bigint ORDER BY id LIMIT $3`,
        [userId, afterId, REPLAY_LIMIT],
      )) as Array<{ id: string; type: DomainEventType; payload: Record<string, unknown>; created_at: Date }>;
      return rows.map((row) => ({ id: row.id, type: row.type, payload: row.payload, createdAt: row.created_at.toISOString() }));
    },

    async latestId(userId) {
      const [row] = (await dataSource.query('SELECT COALESCE(max(id), 0)::text AS id FROM domain_events WHERE user_id = $1', [userId])) as Array<{
        id: string;
      }>;
      return row!.id;
    },

    subscribe(userId, wake) {
      void connect();
      let set = subscribers.get(userId);
      if (!set) subscribers.set(userId, (set = new Set()));
      set.add(wake);
      return () => {
        set.delete(wake);
        if (set.size === 0) subscribers.delete(userId);
      };
    },

    onClose(listener) {
      closeListeners.add(listener);
      return () => closeListeners.delete(listener);
    },

    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      for (const listener of [...closeListeners]) listener();
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
