/**
 * The current time (ms since the epoch), re-read every `intervalMs` while `enabled`: drives the
 * hold countdowns, so they tick on screen without refetching. One timer for the whole grid.
 */
import { useEffect, useState } from 'react';

export function useNow(intervalMs: number, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, enabled]);
  return now;
}
