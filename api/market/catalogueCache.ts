/**
 * A per-process micro-cache in front of the catalogue query: the market grid and the landing page
 * ask for the same few first pages again and again, and answering them from memory for a second
 * spares PostgreSQL most of the read load. Entries live TTL_MS (a listing added or sold elsewhere
 * shows within a second); a purchase in this process clears the cache at once, so its buyer never
 * sees what they just bought. Concurrent requests for one page share one query. Bounded in size:
 * the oldest entry goes first.
 */
import { type DataSource } from 'typeorm';
import { type SkinsQuery } from '../../shared/schemas/market';
import { readCatalogue } from './catalogue';

const TTL_MS = 1_000;
const MAX_ENTRIES = 1_000;

type Page = Awaited<ReturnType<typeof readCatalogue>>;

export function createCachedCatalogue(dataSource: Pick<DataSource, 'query'>, options: { ttlMs?: number } = {}) {
  const ttlMs = options.ttlMs ?? TTL_MS;
  const entries = new Map<string, { at: number; page: Promise<Page> }>();

  function read(query: SkinsQuery): Promise<Page> {
    if (ttlMs <= 0) return readCatalogue(dataSource, query);
    // zod's output has a fixed key order, so equal queries give equal keys.
    const key = JSON.stringify(query, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.page;
    const page = readCatalogue(dataSource, query);
    entries.delete(key);
    entries.set(key, { at: now, page });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    // A failed read (a bad cursor's 400 included) is not kept.
    page.catch(() => {
      if (entries.get(key)?.page === page) entries.delete(key);
    });
    return page;
  }

  return {
    read,
    /** Forget every page (after a purchase in this process). */
    clear: () => entries.clear(),
  };
}

export type CachedCatalogue = ReturnType<typeof createCachedCatalogue>;
