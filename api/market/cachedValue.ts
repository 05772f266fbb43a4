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
