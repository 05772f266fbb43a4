/**
 * A per-process micro-cache in front of the catalogue query: the market grid and the landing page
 * ask for the same few first pages again and again, and answering them from memory for a second
 * spares PostgreSQL most of the read load. Entries live TTL_MS (a listing added elsewhere shows
 * within a second). A purchase clears the cache in every process: `clear()` empties this one at
 * once, so its buyer never sees what they just bought, and NOTIFYs the others, each of which keeps
 * one connection LISTENing from its first read on, so nobody is offered a sold item for the rest of
 * the second. Concurrent requests for one page share one query. Bounded in size: the oldest entry
 * goes first. What else a process keeps of the catalogue (the landing page's featured skins)
 * registers with `onClear` and is forgotten with it, here and in every other process.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type DataSource } from 'typeorm';
import { type SkinsQuery } from '../../shared/schemas/market';
import { encodedBody, type EncodedBody } from '../encodedBody';
import { type Logger } from '../logger';
import { readCatalogue } from './catalogue';

const TTL_MS = 1_000;
const MAX_ENTRIES = 1_000;
/** The channel a process NOTIFYs when listings left the market; the payload names the sender. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';
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
 * Keeps one connection LISTENing on CATALOGUE_CHANNEL and calls `onChange` for every notification
 * another process sent, and once each time listening (re)starts: whatever was sent while it was not
 * listening is lost, so everything cached may be stale.
 */
function changeListener(url: string, selfId: string, onChange: () => void, logger: Logger | undefined) {
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
      if (message.channel === CATALOGUE_CHANNEL && message.payload !== selfId) onChange();
    });
    candidate.on('error', (error) => {
      logger?.warn({ err: error }, 'catalogue cache: listening connection lost');
      candidate.end().catch(() => undefined);
      if (client === candidate) client = undefined;
      scheduleReconnect();
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${CATALOGUE_CHANNEL}`);
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
  const selfId = randomUUID();
  const url = (dataSource.options as { url?: string }).url;
  const listener = ttlMs > 0 && url ? changeListener(url, selfId, forget, options.logger) : undefined;

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
    /** Forget every page, here and in every other process (after a purchase has committed). */
    clear(): void {
      forget();
      // Should the notification fail, the other processes' pages still expire within TTL_MS.
      dataSource
        .query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, selfId])
        .catch((error: unknown) => options.logger?.warn({ err: error }, 'catalogue cache: could not tell the other processes'));
    },
    /**
     * Calls `callback` whenever the pages are forgotten: on clear() here, and when another process
     * cleared its own (or listening restarted). Starts listening, as a first read does.
     */
    onClear(callback: () => void): void {
      clearListeners.add(callback);
      listener?.start();
    },
    /** Stops listening for other processes' changes (the server is stopping). */
    close: async () => listener?.close(),
  };
}

export type CachedCatalogue = ReturnType<typeof createCachedCatalogue>;
