/**
 * One value computed at most every `ttlMs` per process (the landing page's stats and featured
 * skins: the busiest page, and figures that need not be to the second). Concurrent callers share
 * one computation; a failed one is not kept, so the next call tries again.
 */
export function cachedValue<T>(ttlMs: number, load: () => Promise<T>) {
  let cached: { at: number; value: Promise<T> } | null = null;
  return {
    get(): Promise<T> {
      const now = Date.now();
      if (!cached || now - cached.at >= ttlMs) {
        const value = load();
        cached = { at: now, value };
        value.catch(() => {
          if (cached?.value === value) cached = null;
        });
      }
      return cached.value;
    },
    clear(): void {
      cached = null;
    },
  };
}

/**
 * Values by key, each computed at most every `ttlMs` per process, as `cachedValue` (the item pages'
 * price histories and latest sales: every dialog opened asks, and they move only with a sale). At
 * most `maxEntries` are kept, the oldest dropped first.
 */
export function cachedValues<T>(ttlMs: number, maxEntries: number) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      const entry = { at: now, value: load() };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    clear(): void {
      entries.clear();
    },
  };
}
