/**
 * A per-process micro-cache in front of the catalogue query: the market grid and the landing page
 * ask for the same few first pages again and again, and answering them from memory for a second
 * spares PostgreSQL most of the read load. Entries live TTL_MS (a listing added elsewhere shows
 * within a second). Every listing event (api/events/domainEvents.ts: sold, cancelled, out of its
 * hold, delivered), and every buy-order event, empties the cache in every process: each keeps one connection LISTENing to the
 * domain events from its first read on, and the event's NOTIFY arrives when the change commits, so
 * nobody is offered a sold item for the rest of the second. Concurrent requests for one page share
 * one query. Bounded in size: the oldest entry goes first. What else a process keeps of the
 * catalogue (the landing page's featured skins) registers with `onClear` and is forgotten with it.
 */
import pg from 'pg';
import { type DataSource } from 'typeorm';
import { type SkinsQuery } from '../../shared/schemas/market';
import { encodedBody, type EncodedBody } from '../encodedBody';
import { DOMAIN_EVENTS_CHANNEL, type DomainEventType } from '../events/domainEvents';
import { type Logger } from '../logger';
import { readCatalogue } from './catalogue';

const TTL_MS = 1_000;
const MAX_ENTRIES = 1_000;
const RECONNECT_MS = 1_000;
/** A catalogue answer (~10 KB of JSON): quick to compress, as it is made again every second. */
const ANSWER_BROTLI_QUALITY = 5;

export type CataloguePage = Awaited<ReturnType<typeof readCatalogue>>;

interface Entry {
  at: number;
  page: Promise<CataloguePage>;
  answer?: Promise<EncodedBody>;
}

/**
 * A domain event's notification (its id, user and type: api/events/domainEvents.ts) that changes
 * what the market shows: a listing's, or a buy order's (the best bid in the price histories that
 * register with `onClear`).
 */
function isMarketEvent(payload: string | undefined): boolean {
  try {
    const { type } = JSON.parse(payload ?? '') as { type?: DomainEventType };
    return type === 'listing' || type === 'buy-order';
  } catch {
    return false;
  }
}

/**
 * Keeps one connection LISTENing to the domain events and calls `onChange` for every market event,
 * and once each time listening (re)starts: whatever was sent while it was not listening is lost, so
 * everything cached may be stale.
 */
function changeListener(url: string, onChange: () => void, logger: Logger | undefined) {
  let client: pg.Client | undefined;
  let connecting = false;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, RECONNECT_MS);
    reconnectTimer.unref();
  }

  async function connect(): Promise<void> {
    if (closed || client || connecting) return;
    connecting = true;
    // A frozen database must not leave the attempt (or the LISTEN) waiting forever.
    const candidate = new pg.Client({ connectionString: url, application_name: 'skinmarket-catalogue', connectionTimeoutMillis: 2_000, query_timeout: 5_000, keepAlive: true });
    candidate.on('notification', (message) => {
      if (message.channel === DOMAIN_EVENTS_CHANNEL && isMarketEvent(message.payload)) onChange();
    });
    candidate.on('error', (error) => {
      logger?.warn({ err: error }, 'catalogue cache: listening connection lost');
      candidate.end().catch(() => undefined);
      if (client === candidate) client = undefined;
      scheduleReconnect();
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${DOMAIN_EVENTS_CHANNEL}`);
      if (closed) {
        await candidate.end();
        return;
      }
      client = candidate;
      onChange();
    } catch (error) {
      logger?.warn({ err: error }, 'catalogue cache: could not listen for changes; retrying');
      candidate.end().catch(() => undefined);
      scheduleReconnect();
    } finally {
      connecting = false;
    }
  }

  return {
    start: () => void connect(),
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}

export function createCachedCatalogue(dataSource: Pick<DataSource, 'query' | 'options'>, options: { ttlMs?: number; logger?: Logger } = {}) {
  const ttlMs = options.ttlMs ?? TTL_MS;
  const entries = new Map<string, Entry>();
  const clearListeners = new Set<() => void>();
  const forget = () => {
    entries.clear();
    for (const listener of clearListeners) listener();
  };
  const url = (dataSource.options as { url?: string }).url;
  const listener = ttlMs > 0 && url ? changeListener(url, forget, options.logger) : undefined;

  function entryOf(query: SkinsQuery): Entry {
    if (ttlMs <= 0) return { at: 0, page: readCatalogue(dataSource, query) };
    listener?.start();
    // zod's output has a fixed key order, so equal queries give equal keys.
    const key = JSON.stringify(query, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit;
    const entry: Entry = { at: now, page: readCatalogue(dataSource, query) };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    // A failed read (a bad cursor's 400 included) is not kept.
    entry.page.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry;
  }

  const read = (query: SkinsQuery): Promise<CataloguePage> => entryOf(query).page;

  /** The API's answer for `query`: `present(page)` as JSON, made once per cached page (`present` must be the same function on every call). */
  function answer(query: SkinsQuery, present: (page: CataloguePage) => unknown): Promise<EncodedBody> {
    const entry = entryOf(query);
    entry.answer ??= entry.page.then((page) => encodedBody(Buffer.from(JSON.stringify(present(page))), ANSWER_BROTLI_QUALITY));
    return entry.answer;
  }

  return {
    read,
    answer,
    /**
     * Calls `callback` whenever the pages are forgotten (a listing or buy-order event, or listening restarted).
     * Starts listening, as a first read does.
     */
    onClear(callback: () => void): void {
      clearListeners.add(callback);
      listener?.start();
    },
    /** Stops listening for listing events (the server is stopping). */
    close: async () => listener?.close(),
  };
}

export type CachedCatalogue = ReturnType<typeof createCachedCatalogue>;
